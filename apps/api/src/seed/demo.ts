import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { notifications, users } from '../db/schema/identity';
import { members, suspensionEntries } from '../db/schema/network';
import { memberKyc } from '../db/schema/profile';
import { consents } from '../db/schema/privacy';
import { LEGAL_DOCUMENT_KINDS, LEGAL_DOCUMENTS } from '@portal/contracts/privacy';
import { seedDemoKyc } from './kyc';
import { discard, type Storage } from '../lib/storage';
import { dayText } from '../lib/day-text';
import { hashPassword } from '../lib/passwords';
import { FIRST_NAMES_FEMALE, FIRST_NAMES_MALE, LAST_NAMES, PACKAGES, TITLES } from './names';
import { jumpFor } from '../modules/network';

export const DEMO = {
  email: 'demo@portal.test',
  mobile: '0800000001',
  password: 'demo-pass-1234',
  invitationCode: 'DEMO2026',
  suspendedEmail: 'suspended@portal.test',
  suspendedMobile: '0800000002',
  staffEmail: 'staff@portal.test',
  staffMobile: '0800000003',
};

export interface DemoInfo {
  email: string;
  mobile: string;
  password: string;
  invitationCode: string;
  suspendedEmail: string;
  staffEmail: string;
}

export interface SeedOptions {
  size?: number;
  /** Where the demo documents go; without it the demo has no document files. */
  storage?: Storage;
}

/** The staff account that reviews KYC; added to a demo database seeded before it existed, too. */
async function ensureDemoStaff(db: Db | Tx, passwordHash?: string): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      email: DEMO.staffEmail,
      mobile: DEMO.staffMobile,
      passwordHash: passwordHash ?? (await hashPassword(DEMO.password)),
      firstName: 'เจ้าหน้าที่',
      lastName: 'ตรวจสอบ',
      type: 'staff',
      invitationCode: 'STAFF2026',
      isVerifiesEmail: true,
      isVerifiesMobile: true,
      emailVerifiedAt: new Date(),
      mobileVerifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (row) return row.id;
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from users where lower(email) = ${DEMO.staffEmail}`,
  );
  return rows[0]!.id;
}

/** A small deterministic generator: the same demo network on every fresh start. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Node {
  index: number;
  referrer: number | null;
  parent: number | null;
  side: 'left' | 'right' | null;
  children: { left?: number; right?: number };
}

/** The first empty slot below `start`, level by level, left before right. */
function firstEmptySlot(nodes: Node[], start: number): { parent: number; side: 'left' | 'right' } {
  const queue = [start];
  while (queue.length) {
    const i = queue.shift()!;
    const n = nodes[i]!;
    if (n.children.left === undefined) return { parent: i, side: 'left' };
    if (n.children.right === undefined) return { parent: i, side: 'right' };
    queue.push(n.children.left, n.children.right);
  }
  throw new Error('unreachable');
}

function subtreeSize(nodes: Node[], i: number | undefined, memo: Map<number, number>): number {
  if (i === undefined) return 0;
  const cached = memo.get(i);
  if (cached !== undefined) return cached;
  const n = nodes[i]!;
  const size = 1 + subtreeSize(nodes, n.children.left, memo) + subtreeSize(nodes, n.children.right, memo);
  memo.set(i, size);
  return size;
}

/**
 * Seeds the demo network once, into an empty database: the demo member at the top of a few hundred
 * placed members over several levels, some registered but not yet placed, members in several
 * verification states, and one suspended member.
 */
export async function seedDemo(db: Db, options: number | SeedOptions = {}): Promise<DemoInfo | null> {
  const { size = 320, storage } = typeof options === 'number' ? { size: options } : options;
  const [{ n } = { n: 0 }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from users`))
    .rows;
  const info = { ...DEMO };
  if (n > 0) {
    const [row] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from users where email = ${DEMO.email}`)
    ).rows;
    if (!row || row.n === 0) return null;
    await ensureDemoStaff(db);
    return info;
  }
  const random = rng(2569);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const passwordHash = await hashPassword(DEMO.password);

  const nodes: Node[] = [{ index: 0, referrer: null, parent: null, side: null, children: {} }];
  const placedCount = size;
  for (let i = 1; i < placedCount; i++) {
    // Early members recruit more: the referrer is drawn with a bias toward the top.
    const referrer = Math.floor(Math.pow(random(), 2) * i);
    const slot = firstEmptySlot(nodes, referrer);
    nodes.push({ index: i, referrer, parent: slot.parent, side: slot.side, children: {} });
    nodes[slot.parent]!.children[slot.side] = i;
  }
  const memo = new Map<number, number>();
  const depth = nodes.map(() => 0);
  const jump = nodes.map(() => 0);
  for (const n of nodes) {
    if (n.parent === null) continue;
    depth[n.index] = depth[n.parent]! + 1;
    jump[n.index] = jumpFor(n.parent, depth, jump);
  }
  const points = nodes.map(() => (Math.round(random() * 50000) / 100).toFixed(2));

  const written: string[] = [];
  await db
    .transaction(async (tx) => {
      const userRows = [] as (typeof users.$inferInsert)[];
      const total = placedCount + 12 + 1; // placed, waiting to be placed, suspended
      // Spread sign-ups over the past eleven months so the growth chart has a history.
      const spacing = Math.floor((330 * 86_400_000) / total);
      for (let i = 0; i < total; i++) {
        const female = random() < 0.5;
        const isDemo = i === 0;
        const isSuspended = i === total - 1;
        const verified = isDemo || isSuspended || random() < 0.85;
        userRows.push({
          email: isDemo ? DEMO.email : isSuspended ? DEMO.suspendedEmail : `member${i}@portal.test`,
          mobile: isDemo
            ? DEMO.mobile
            : isSuspended
              ? DEMO.suspendedMobile
              : `08${String(10000000 + i).slice(-8)}`,
          passwordHash,
          firstName: isDemo
            ? 'สมชาย'
            : isSuspended
              ? 'สมศรี'
              : pick(female ? FIRST_NAMES_FEMALE : FIRST_NAMES_MALE),
          lastName: isDemo ? 'ใจดี' : isSuspended ? 'ระงับไว้' : pick(LAST_NAMES),
          gender: isDemo ? 'male' : isSuspended ? 'female' : female ? 'female' : 'male',
          invitationCode: isDemo ? DEMO.invitationCode : `D${String(i).padStart(7, '0')}`,
          isVerifiesMobile: verified,
          mobileVerifiedAt: verified ? new Date(Date.now() - (total - i) * spacing + 600_000) : null,
          isVerifiesEmail: isDemo || (verified && random() < 0.6),
          emailVerifiedAt: isDemo ? new Date(Date.now() - total * 3_600_000) : null,
          isVerifiesIdentity: isDemo || (verified && random() < 0.6),
          isVerifiesBank: verified && !isDemo && random() < 0.5,
          createdAt: new Date(Date.now() - (total - i) * spacing),
        });
      }
      const inserted: { id: number }[] = [];
      for (let i = 0; i < userRows.length; i += 200) {
        inserted.push(
          ...(await tx
            .insert(users)
            .values(userRows.slice(i, i + 200))
            .returning({ id: users.id })),
        );
      }

      // The demo and the suspended member accepted the terms and the privacy notice when they
      // registered; the rest registered before the portal recorded consents, so the portal asks
      // them at their next sign-in (decision 045).
      await tx.insert(consents).values(
        [0, total - 1].flatMap((i) =>
          LEGAL_DOCUMENT_KINDS.map((document) => ({
            userId: inserted[i]!.id,
            document,
            version: LEGAL_DOCUMENTS[document].version,
            acceptedAt: userRows[i]!.createdAt,
            source: 'registration',
          })),
        ),
      );

      // Members go in in index order so every parent and referrer exists before its children.
      const memberIds: number[] = [];
      for (let i = 0; i < total; i++) {
        const node = nodes[i];
        const waiting = !node;
        const referrerIndex = node ? node.referrer : i === total - 1 ? 0 : Math.floor(random() * 20);
        const left = node ? subtreeSize(nodes, node.children.left, memo) : 0;
        const right = node ? subtreeSize(nodes, node.children.right, memo) : 0;
        const [row] = await tx
          .insert(members)
          .values({
            userId: inserted[i]!.id,
            memberCode: sql`'M' || lpad(nextval('member_code_seq')::text, 7, '0')`,
            referrerMemberId: referrerIndex === null ? null : memberIds[referrerIndex]!,
            placementParentId: waiting || node.parent === null ? null : memberIds[node.parent]!,
            side: waiting ? null : node.side,
            placedAt: waiting ? null : userRows[i]!.createdAt,
            depth: waiting ? null : depth[i],
            // the top points at itself; a jump always names an earlier (already inserted) member
            jumpId: waiting ? null : i === 0 ? null : memberIds[jump[i]!]!,
            leftTeam: left,
            rightTeam: right,
            point: node ? points[i]! : (Math.round(random() * 50000) / 100).toFixed(2),
            package: i === 0 ? 'Gold' : pick(PACKAGES),
            businessTitle: i === 0 ? 'Manager' : pick(TITLES),
            expiryDate: '2027-12-31',
            createdAt: userRows[i]!.createdAt,
          })
          .returning({ id: members.id });
        memberIds.push(row!.id);
        if (i === 0)
          await tx
            .update(members)
            .set({ jumpId: row!.id })
            .where(sql`id = ${row!.id}`);
      }

      const suspendedMember = memberIds[total - 1]!;
      const suspendedUser = inserted[total - 1]!.id;
      // The deadline written as the engine writes it (lib/day-text): "31 Oct 2026", "31 ต.ค. 2569".
      const lastDay = dayText('2026-10-31');
      const message = `Your account is suspended because identity and bank verification (KYC) was not completed by ${lastDay.en}. Complete KYC to restore it.`;
      const messageTh = `บัญชีของคุณถูกระงับ เนื่องจากไม่ได้ยืนยันตัวตนและบัญชีธนาคาร (KYC) ภายในวันที่ ${lastDay.th} กรุณายืนยัน KYC เพื่อเปิดใช้งานอีกครั้ง`;
      await tx.insert(suspensionEntries).values([
        {
          memberId: suspendedMember,
          period: 'pending',
          status: 'warning',
          daysLeft: 15,
          message: 'Please complete identity and bank verification (KYC) within 15 days.',
          messageTh: 'กรุณายืนยันตัวตนและบัญชีธนาคาร (KYC) ภายใน 15 วัน',
          createdAt: new Date('2026-10-16T02:00:00Z'),
        },
        {
          memberId: suspendedMember,
          period: 'suspended',
          status: 'active',
          suspendedAt: new Date('2026-10-31T17:00:00Z'),
          message,
          messageTh,
          createdAt: new Date('2026-11-01T02:00:00Z'),
        },
      ]);
      await tx.insert(notifications).values([
        {
          userId: suspendedUser,
          kind: 'suspension',
          title: 'Account suspended',
          titleTh: 'บัญชีถูกระงับ',
          body: message,
          bodyTh: messageTh,
        },
        {
          userId: inserted[0]!.id,
          kind: 'welcome',
          title: 'Welcome to the member portal',
          titleTh: 'ยินดีต้อนรับสู่ระบบสมาชิก',
          body: 'Hello สมชาย, your account is verified. Complete your bank verification to receive income.',
          bodyTh: 'สวัสดีคุณสมชาย บัญชีของคุณได้รับการยืนยันแล้ว กรุณายืนยันบัญชีธนาคารเพื่อรับรายได้',
          createdAt: new Date(Date.now() - 86_400_000),
        },
      ]);

      // KYC: one staff account, members in every KYC state, and a deadline clock for everyone that
      // started within the last six weeks, so the demo shows warnings rather than a suspended network.
      const staffUserId = await ensureDemoStaff(tx, passwordHash);
      const person = (i: number) => ({
        userId: inserted[i]!.id,
        memberId: memberIds[i]!,
        firstName: userRows[i]!.firstName,
        lastName: userRows[i]!.lastName,
      });
      const special = [1, 2, 3, 4, 5, 6, 7];
      await seedDemoKyc(tx, {
        storage: storage ?? null,
        staffUserId,
        demo: person(0),
        members: special.map(person),
        written,
      });
      const suspendedClock = new Date('2026-09-16T17:00:00Z'); // Bangkok 17 Sep: suspended from 1 Nov, as its entries say
      const clocks = memberIds.flatMap((memberId, i) => {
        if (i === 0 || special.includes(i)) return [];
        const identity = !!userRows[i]!.isVerifiesIdentity;
        const bank = !!userRows[i]!.isVerifiesBank;
        return [
          {
            memberId,
            status: identity && bank ? 'success' : 'draft',
            identityStatus: identity ? 'success' : 'draft',
            bankStatus: bank ? 'success' : 'draft',
            deadlineFrom:
              i === total - 1
                ? suspendedClock
                : new Date(Date.now() - Math.floor(random() * 42) * 86_400_000),
          },
        ];
      });
      for (let i = 0; i < clocks.length; i += 500)
        await tx.insert(memberKyc).values(clocks.slice(i, i + 500));
      // The demo's history is not news: nobody is e-mailed about it on the first start.
      await tx.execute(sql`update notifications set dispatched_at = created_at where dispatched_at is null`);
    })
    .catch(async (err: unknown) => {
      // The files were written before the rows; a failed seed leaves none behind.
      if (storage) await discard(storage, written);
      throw err;
    });
  return info;
}
