import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/seed/demo';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, { size: 12 });
}, 120_000);
afterAll(() => t.close());

describe('the demo suspended member', () => {
  it('reads the deadline as the engine writes it: "31 Oct 2026" in English, Buddhist era in Thai, never ISO', async () => {
    // The suspension entry and its notification.
    const { rows } = await t.database.pool.query<{ message: string; message_th: string }>(
      `select message, message_th from suspension_entries where period = 'suspended'
       union all select body, body_th from notifications where kind = 'suspension'`,
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.message).toContain('was not completed by 31 Oct 2026.');
      expect(r.message).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(r.message_th).toContain('ภายในวันที่ 31 ต.ค. 2569');
    }
  });
});
