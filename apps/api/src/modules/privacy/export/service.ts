import JSZip from 'jszip';
import { LEGAL_DOCUMENTS } from '@portal/contracts/privacy';
import type { AppContext } from '../../../context';
import { avatarKeyOfUrl } from '../../../lib/avatar-urls';
import { withTypeExtension } from '../../../lib/uploads';
import { allConsents } from '../../accounts';
import { allDocumentViews } from '../../profile';
import { exportRecords } from './repository';

const README = (at: string) => `A copy of the personal data SabaiShop Network keeps about you
(Personal Data Protection Act B.E. 2562, section 30), made ${at} (UTC).

Each .json file is one kind of record, every field as the portal keeps it:
  account.json          your account: name, e-mail, mobile, birthday, ID number, language, settings
  membership.json       your place in the network: member code, referrer, upline, package, title
  addresses.json        your home and shipping addresses
  bank_accounts.json    your bank accounts, with their full numbers
  documents.json        the documents you uploaded (the files are in files/documents/)
  kyc.json              where your identity and bank checks stand
  kyc_history.json      every submission and decision on them
  orders.json           your orders with their lines, delivery and payment
  tax_documents.json    the tax invoices and credit notes of your orders
  income_lines.json     every income line credited to you
  payouts.json          every transfer to your bank account
  notifications.json    the notices the portal sent you
  consents.json         the terms and privacy notice you accepted: which version, when, from where
  sessions.json         your sign-ins: when, from which address and browser, until when
  devices.json          the browsers you signed in with
  document_views.json   each time our staff saw one of your documents: who, when, which
  closure_requests.json your requests to close the account

Privacy notice in force: version ${LEGAL_DOCUMENTS.privacy.version} of ${LEGAL_DOCUMENTS.privacy.effective}.
Questions: the data protection contact on the privacy notice page.

สำเนาข้อมูลส่วนบุคคลของคุณที่ สบายช้อป เน็ตเวิร์ค เก็บไว้ (พ.ร.บ. คุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 มาตรา 30)
ไฟล์ .json แต่ละไฟล์คือข้อมูลหนึ่งประเภท ไฟล์ที่คุณอัปโหลดอยู่ในโฟลเดอร์ files/
`;

/** A file name as one entry of the zip, not a folder (the upload already refused control characters). */
const safeName = (name: string) => name.replace(/[/\\]/g, '_');

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The member's copy of everything the portal keeps about them: one zip of JSON records and their
 * uploaded files (documents, avatar), built in memory (a member's files are a few megabytes).
 */
export async function exportArchive(ctx: AppContext, userId: number, now = new Date()) {
  const found = await exportRecords(ctx.db, userId);
  if (!found) return null;
  const { records, files } = found;
  const zip = new JSZip();
  const date = { date: now };
  zip.file('README.txt', README(now.toISOString()), date);
  for (const [name, value] of Object.entries(records)) zip.file(`${name}.json`, json(value), date);
  zip.file(
    'consents.json',
    json(
      (await allConsents(ctx.db, userId)).map((c) => ({
        document: c.document,
        version: c.version,
        accepted_at: c.acceptedAt,
        ip: c.ip,
        source: c.source,
      })),
    ),
    date,
  );
  zip.file(
    'document_views.json',
    json(
      (await allDocumentViews(ctx.db, userId)).map((v) => ({
        document_id: v.documentId,
        document_type: v.documentType,
        action: v.action,
        viewer: v.viewer,
        viewed_at: v.viewedAt,
      })),
    ),
    date,
  );
  for (const d of files.documents) {
    const data = await ctx.storage.get(d.storageKey);
    if (data)
      zip.file(`files/documents/${d.id}-${safeName(withTypeExtension(d.fileName, d.mimeType))}`, data, date);
  }
  const avatarKey = avatarKeyOfUrl(files.avatar);
  const avatar = avatarKey ? await ctx.storage.get(avatarKey) : null;
  if (avatarKey && avatar)
    zip.file(`files/avatar${avatarKey.slice(avatarKey.lastIndexOf('.'))}`, avatar, date);
  const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  const memberCode =
    (records.membership as { member_code?: string } | null)?.member_code?.replace(/[^A-Za-z0-9]/g, '') ??
    `user${userId}`;
  return { data, name: `personal-data-${memberCode}-${now.toISOString().slice(0, 10)}.zip` };
}
