import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/compensation/simulate';
import { scratchDatabase } from '../helpers/scratch';

/**
 * Every worked example of the plan (section 8) is a scenario and its expected result, kept in the
 * repository (scenarios/plan-examples, copied from shared/spec/plan-examples): the simulator, on a
 * scratch database, must give the whole result.
 */
const DIR = path.resolve(import.meta.dirname, '../../../../scenarios/plan-examples');
const SHARED = path.resolve(import.meta.dirname, '../../../../../shared/spec/plan-examples');
const examples = fs
  .readdirSync(DIR)
  .filter((f) => /^[A-Za-z0-9]+\.json$/.test(f))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();

describe('the plan examples through the simulator', () => {
  it('finds the examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(11);
  });

  it('when the specification is beside the checkout then the copies are exactly its files', (ctx) => {
    if (!fs.existsSync(SHARED)) {
      // Said in the run's output, not skipped in silence: the copies go unchecked, the examples below run.
      const reason = `no specification at ${SHARED}: the copies in scenarios/plan-examples are not compared with it`;
      console.warn(`plan-examples: skipped: ${reason}`);
      ctx.skip(reason);
    }
    const files = (dir: string) =>
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort();
    expect(files(DIR)).toEqual(files(SHARED));
    for (const f of files(SHARED))
      expect(fs.readFileSync(path.join(DIR, f), 'utf8'), f).toBe(
        fs.readFileSync(path.join(SHARED, f), 'utf8'),
      );
  });

  for (const name of examples) {
    it(`when ${name} is simulated then the result is exactly ${name}.expected.json`, async () => {
      const scenario = JSON.parse(fs.readFileSync(path.join(DIR, `${name}.json`), 'utf8'));
      const expected = JSON.parse(fs.readFileSync(path.join(DIR, `${name}.expected.json`), 'utf8'));
      const db = await scratchDatabase();
      try {
        const result = await simulate(db.db, scenario);
        for (const key of Object.keys(expected))
          expect({ [key]: (result as never)[key] }).toEqual({ [key]: expected[key] });
        expect(result).toEqual(expected);
      } finally {
        await db.drop();
      }
    }, 60_000);
  }
});
