import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Tx } from '../db/client';
import { notifications, users } from '../db/schema/identity';
import { addresses, bankAccounts, documents, kycAudit, memberKyc } from '../db/schema/profile';
import { newStorageKey, type Storage } from '../lib/storage';
import { thaiId, tinyPdf } from '../lib/sample-files';
import { KYC_NOTICES, reasonTexts, storedReason } from '../modules/profile';
import { bangkokDate, startOfBangkokDay } from '@portal/plan/dates';

const DAY = 86_400_000;

/** A small PNG card: what an ID card photo stands in for. */
export const tinyPng = (colour: string) =>
  sharp({ create: { width: 86, height: 54, channels: 3, background: colour } })
    .png()
    .toBuffer();

type State =
  | 'incomplete_documents'
  | 'incomplete_information'
  | 'waiting_for_review'
  | 'in_progress_review'
  | 'fail'
  | 'success';

export interface DemoKycMember {
  userId: number;
  memberId: number;
  firstName: string;
  lastName: string;
}

/**
 * Documents, bank accounts and addresses in several KYC states, with the audit trail and the
 * notifications they would have left. The demo member keeps identity verified and bank not: their
 * bank book was rejected, so the profile shows the reason and what to upload. Files go through the storage like real uploads; `written`
 * collects their keys so a failed seed can remove them.
 */
export async function seedDemoKyc(
  tx: Tx,
  opts: {
    storage: Storage | null;
    staffUserId: number;
    demo: DemoKycMember;
    members: DemoKycMember[];
    written: string[];
  },
) {
  const now = Date.now();
  const { rows: places } = await tx.execute<{ sub: number; dist: number; prov: number }>(sql`
    select s.id as sub, d.id as dist, d.province_id as prov from subdistricts s join districts d on d.id = s.district_id
    order by s.id limit 8`);
  const file = async (
    userId: number,
    type: string,
    status: string,
    target: string | null,
    reason: string | null,
    at: number,
  ) => {
    if (!opts.storage) return;
    const pdf = type === 'books_bank';
    const data = pdf
      ? tinyPdf('Bank book - demo')
      : await tinyPng(type === 'passport' ? '#4a6fa5' : '#5b8c5a');
    const key = newStorageKey('documents');
    await opts.storage.put(key, data);
    opts.written.push(key);
    await tx.insert(documents).values({
      userId,
      type,
      title: pdf ? 'สมุดบัญชีธนาคาร' : 'บัตรประชาชน',
      status,
      reason,
      reviewTarget: target,
      storageKey: key,
      fileName: pdf ? 'bank-book.pdf' : 'บัตรประชาชน.png',
      mimeType: pdf ? 'application/pdf' : 'image/png',
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      reviewedBy: status === 'success' || status === 'fail' ? opts.staffUserId : null,
      reviewedAt: status === 'success' || status === 'fail' ? new Date(at) : null,
      createdAt: new Date(at - DAY),
      updatedAt: new Date(at),
    });
  };
  const profile = async (m: DemoKycMember, i: number, withHome = true) => {
    await tx
      .update(users)
      .set({
        birthday: `19${80 + i}-0${(i % 9) + 1}-1${i % 10}`,
        identityType: 'id_card',
        identityValue: thaiId(`11017000${String(1000 + i)}`),
      })
      .where(eq(users.id, m.userId));
    const p = places[i % places.length]!;
    if (withHome) {
      await tx.insert(addresses).values({
        userId: m.userId,
        type: 'home',
        number: `${10 + i}/${i + 3}`,
        building: 'หมู่บ้านสุขใจ',
        street: 'ถนนพหลโยธิน',
        subdistrictId: p.sub,
        districtId: p.dist,
        provinceId: p.prov,
        postCode: sql`(select post_code from subdistricts where id = ${p.sub})`,
        telephone: '021234567',
      });
    }
  };
  const bank = (
    m: DemoKycMember,
    i: number,
    status: string,
    reason: string | null = null,
    name = `${m.firstName} ${m.lastName}`,
  ) =>
    tx.insert(bankAccounts).values({
      userId: m.userId,
      bankCode: ['kbank', 'scb', 'bbl', 'ktb', 'bay', 'ttb', 'gsb'][i % 7]!,
      accountNo: `${1234567000 + i * 7919}`,
      accountName: name,
      accountType: 'savings',
      branch: 'สาขาสีลม',
      status,
      reason,
      reviewedBy: status === 'success' || status === 'fail' ? opts.staffUserId : null,
      reviewedAt: status === 'success' || status === 'fail' ? new Date(now - DAY) : null,
    });
  const trail = (m: DemoKycMember, rows: [string, string | null, string | null, string, string, number][]) =>
    tx.insert(kycAudit).values(
      rows.map(([action, target, reason, from, to, at]) => ({
        memberId: m.memberId,
        actorUserId: action === 'submit' ? m.userId : opts.staffUserId,
        action,
        target,
        reason,
        fromStatus: from,
        toStatus: to,
        createdAt: new Date(at),
      })),
    );

  // The demo member: identity verified; the bank book was rejected as blurred and deleted since.
  const d = opts.demo;
  // A reason from the staff's list, so the member reads it in their language.
  const blurred = storedReason('unreadable', undefined);
  await profile(d, 0);
  await file(d.userId, 'government_id', 'success', 'identity', null, now - 3 * DAY);
  await bank(d, 0, 'fail', blurred);
  await tx.insert(memberKyc).values({
    memberId: d.memberId,
    status: 'fail',
    identityStatus: 'success',
    bankStatus: 'fail',
    bankReason: blurred,
    submittedAt: new Date(now - 4 * DAY),
    reviewStartedAt: new Date(now - 3 * DAY - 3_600_000),
    reviewerId: opts.staffUserId,
    decidedAt: new Date(now - 3 * DAY),
    // The clock starts with the demo, so the demo member is warned, not suspended.
    deadlineFrom: startOfBangkokDay(bangkokDate(new Date(now))),
  });
  await trail(d, [
    ['submit', null, null, 'draft', 'waiting_for_review', now - 4 * DAY],
    ['start', null, null, 'waiting_for_review', 'in_progress_review', now - 3 * DAY - 3_600_000],
    ['approve', 'identity', null, 'in_progress_review', 'in_progress_review', now - 3 * DAY - 1_800_000],
    ['reject', 'bank', blurred, 'in_progress_review', 'fail', now - 3 * DAY],
  ]);
  // Older than the welcome note, which stays the demo member's newest notification.
  await tx.insert(notifications).values([
    { userId: d.userId, ...KYC_NOTICES.approved('identity'), createdAt: new Date(now - 3 * DAY - 1_800_000) },
    {
      userId: d.userId,
      ...KYC_NOTICES.rejected('bank', reasonTexts(blurred)),
      createdAt: new Date(now - 3 * DAY),
    },
  ]);

  const states: State[] = [
    'waiting_for_review',
    'waiting_for_review',
    'in_progress_review',
    'fail',
    'success',
    'incomplete_information',
    'incomplete_documents',
  ];
  for (const [n, state] of states.entries()) {
    const m = opts.members[n];
    if (!m) break;
    const i = n + 1;
    const submitted = now - (3 - (n % 3)) * DAY;
    const reviewing = state === 'in_progress_review' || state === 'fail' || state === 'success';
    const item =
      state === 'waiting_for_review'
        ? 'waiting_for_review'
        : state === 'in_progress_review'
          ? 'in_progress_review'
          : 'draft';
    const identityDone = state === 'fail' || state === 'success';
    const bankDone = state === 'success';
    await profile(m, i, state !== 'incomplete_information');
    if (state !== 'incomplete_documents') {
      await file(
        m.userId,
        'government_id',
        identityDone ? 'success' : item,
        item === 'draft' && !identityDone ? null : 'identity',
        null,
        submitted,
      );
      const bankReason = state === 'fail' ? blurred : null;
      await file(
        m.userId,
        'books_bank',
        bankDone ? 'success' : state === 'fail' ? 'fail' : item,
        item === 'draft' && !reviewing ? null : 'bank',
        bankReason,
        submitted,
      );
    }
    if (state !== 'incomplete_information') {
      // The second waiting member's account is in someone else's name: staff see the warning.
      const name = n === 1 ? 'บริษัท ตัวอย่าง จำกัด' : undefined;
      await bank(
        m,
        i,
        bankDone ? 'success' : state === 'fail' ? 'fail' : item,
        state === 'fail' ? blurred : null,
        name,
      );
    }
    if (identityDone)
      await tx
        .update(users)
        .set({ isVerifiesIdentity: true, isVerifiesBank: bankDone })
        .where(eq(users.id, m.userId));
    else
      await tx
        .update(users)
        .set({ isVerifiesIdentity: false, isVerifiesBank: false })
        .where(eq(users.id, m.userId));
    const part = identityDone ? 'success' : state.startsWith('incomplete') ? 'draft' : item;
    await tx.insert(memberKyc).values({
      memberId: m.memberId,
      status: state,
      identityStatus: part,
      bankStatus: bankDone
        ? 'success'
        : state === 'fail'
          ? 'fail'
          : state.startsWith('incomplete')
            ? 'draft'
            : item,
      bankReason: state === 'fail' ? blurred : null,
      submittedAt: state.startsWith('incomplete') ? null : new Date(submitted),
      reviewStartedAt: reviewing ? new Date(submitted + 3_600_000) : null,
      reviewerId: reviewing ? opts.staffUserId : null,
      decidedAt: identityDone ? new Date(submitted + 7_200_000) : null,
      deadlineFrom: new Date(now - (5 + n * 3) * DAY),
    });
    if (state.startsWith('incomplete')) continue;
    const rows: [string, string | null, string | null, string, string, number][] = [
      ['submit', null, null, 'draft', 'waiting_for_review', submitted],
    ];
    if (reviewing)
      rows.push(['start', null, null, 'waiting_for_review', 'in_progress_review', submitted + 3_600_000]);
    if (identityDone) {
      rows.push([
        'approve',
        'identity',
        null,
        'in_progress_review',
        'in_progress_review',
        submitted + 5_400_000,
      ]);
      rows.push(
        state === 'fail'
          ? ['reject', 'bank', blurred, 'in_progress_review', 'fail', submitted + 7_200_000]
          : ['approve', 'bank', null, 'in_progress_review', 'success', submitted + 7_200_000],
      );
      await tx.insert(notifications).values([
        { userId: m.userId, ...KYC_NOTICES.approved('identity'), createdAt: new Date(submitted + 5_400_000) },
        {
          userId: m.userId,
          ...(state === 'fail'
            ? KYC_NOTICES.rejected('bank', reasonTexts(blurred))
            : KYC_NOTICES.approved('bank')),
          createdAt: new Date(submitted + 7_200_000),
        },
      ]);
    }
    await trail(m, rows);
  }
}
