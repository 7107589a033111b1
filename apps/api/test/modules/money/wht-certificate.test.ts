import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/plan/dates';
import { runPayout } from '../../../src/compensation/payout';
import { planFor } from '../../../src/compensation/plan';
import { businessNow } from '../../../src/lib/clock';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { paid, treeMember, type TreeMember, memberTokenOf } from '../../helpers/engine';
import { pdfText } from '../../helpers/pdf-text';

/**
 * Issue 18 item 7: the withholding-tax certificate (form 50 ทวิ) prints the payee's whole address
 * (house number, village, soi, road, sub-district, district, province and post code, in Thai, from
 * the address book and the reference tables of Thai places) and every field of the form.
 */
let t: TestApp;
let year: number;
let a: TreeMember;
let token: string;
let place: { sub: string; dist: string; prov: string; post: string; bangkok: boolean };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL: '100000' });
  const today = (await businessNow(t.database.db, t.config)).date;
  year = Number(today.slice(0, 4)) - 1;
  a = await treeMember(t, { firstName: 'สมใจ' });
  const b = await treeMember(t, { parent: a, side: 'left', referrer: a });
  const march = `${year}-03-03`;
  await paid(t, a.id, 'PACKAGE', 1500, march, 'SILVER');
  await paid(t, b.id, 'PACKAGE', 9000, march, 'PLATINUM'); // A: REFERRER 1,800.00
  let run = addDays(march, 7); // the first payout Tuesday after a week
  while (new Date(`${run}T00:00:00Z`).getUTCDay() !== 2) run = addDays(run, 1);
  await t.database.db.transaction(async (tx) => runPayout(tx, await planFor(tx, run), run));

  // A's home: a sub-district outside Bangkok, named through the reference tables only.
  const { rows } = await t.database.pool.query<{
    sub_id: number;
    dist_id: number;
    prov_id: number;
    sub: string;
    dist: string;
    prov: string;
    post: string;
  }>(`select s.id as sub_id, d.id as dist_id, p.id as prov_id, s.name_th as sub, d.name_th as dist,
        p.name_th as prov, s.post_code as post
      from subdistricts s join districts d on d.id = s.district_id join provinces p on p.id = d.province_id
      where p.name_en = 'Chiang Mai' order by s.id limit 1`);
  const r = rows[0]!;
  place = { sub: r.sub, dist: r.dist, prov: r.prov, post: r.post, bangkok: false };
  await t.database.pool.query(
    `insert into addresses (user_id, type, number, building, alley, street, subdistrict_id, district_id, province_id,
       post_code, telephone)
     values ($1, 'home', '99/7', 'หมู่บ้านร่มเย็น', '3', 'ห้วยแก้ว', $2, $3, $4, $5, '053123456')`,
    [a.userId, r.sub_id, r.dist_id, r.prov_id, r.post],
  );
  token = await memberTokenOf(t, a.userId);
}, 120_000);
afterAll(() => t.close());

/**
 * The certificate's text as a reader copies it: Sarabun draws sara am (ำ) as nikhahit and sara aa,
 * which the PDF's ToUnicode map gives back as "ำา"; lines joined by one space.
 */
const textOf = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ').replace(/ำา/g, 'ำ');

describe('the 50 ทวิ certificate', () => {
  it("when the member downloads it then it prints the payee's whole address in Thai", async () => {
    const res = await call(t.app, 'GET', `/network/api/v1/statement/yearly/${year}/wht.pdf`, { token });
    expect(res.statusCode).toBe(200);
    const text = textOf(res.rawPayload);
    expect(text).toContain(
      `99/7 หมู่บ้านร่มเย็น ซอย3 ถนนห้วยแก้ว ตำบล${place.sub} อำเภอ${place.dist} จังหวัด${place.prov} ${place.post}`,
    );
  });

  it('when it is read then it has every field of the form', async () => {
    const res = await call(t.app, 'GET', `/network/api/v1/statement/yearly/${year}/wht.pdf`, { token });
    const text = textOf(res.rawPayload);
    for (const field of [
      'ผู้มีหน้าที่หักภาษี ณ ที่จ่าย',
      'ผู้ถูกหักภาษี ณ ที่จ่าย',
      'เลขประจำตัวผู้เสียภาษีอากร 1 0000 00000', // the payee's (test members' ids are 1 followed by their number)
      '0 1055 66099 99 7', // the company's
      'ภ.ง.ด.1ก',
      'ภ.ง.ด.1ก พิเศษ',
      'ภ.ง.ด.2',
      '[X] ภ.ง.ด.3',
      'ภ.ง.ด.2ก',
      'ภ.ง.ด.3ก',
      'ภ.ง.ด.53',
      'วัน เดือน หรือปีภาษี ที่จ่าย',
      `ค่านายหน้า ฯลฯ ตามมาตรา 40(2) ${year + 543} 1,800.00 90.00`,
      'มาตรา 3 เตรส',
      'อื่น ๆ (ระบุ)',
      'รวมเงินที่จ่ายและภาษีที่หักนำส่ง 1,800.00 90.00',
      'รวมเงินภาษีที่หักนำส่ง (ตัวอักษร) เก้าสิบบาทถ้วน',
      'กองทุนประกันสังคม',
      'กองทุนสำรองเลี้ยงชีพ',
      '[X] หัก ณ ที่จ่าย',
      'ออกให้ตลอดไป',
      'ออกให้ครั้งเดียว',
      'ผู้จ่ายเงิน',
      'ลงชื่อ',
      'ประทับตรา นิติบุคคล (ถ้ามี)',
      'คำเตือน',
    ])
      expect(text).toContain(field);
  });
});
