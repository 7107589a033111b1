import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/manuals.json';
import th from '../../../locales/th/manuals.json';
import { assembleManual, fill, MANUAL_FRAMES, MANUAL_SLUGS, type ManualTexts } from './content';
import { searchManuals } from './search';

const manuals = (texts: typeof en) =>
  MANUAL_SLUGS.map((slug) => [slug, assembleManual(slug, texts[slug] as unknown as ManualTexts)] as const);

describe('the manuals’ texts', () => {
  it.each([
    ['th', th],
    ['en', en],
  ] as const)(
    'give every section of the outline a heading in %s, and nothing the outline lacks',
    (_, texts) => {
      for (const slug of MANUAL_SLUGS) {
        const written = Object.keys((texts[slug] as unknown as ManualTexts).sections).sort();
        expect(written, slug).toEqual(MANUAL_FRAMES[slug].sections.map((s) => s.id).sort());
      }
    },
  );
});

describe('searching the manuals', () => {
  it('finds a section by a word of its text, with a link target and a snippet', () => {
    const hits = searchManuals(manuals(en), 'bank book');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.map((h) => `${h.slug}#${h.section}`)).toEqual(
      expect.arrayContaining(['identity_verification#checklist', 'receiving_bonusIncome#bank']),
    );
    // "bank" is in that heading, so it comes before the sections that only mention it.
    expect(hits[0]).toMatchObject({ slug: 'receiving_bonusIncome', section: 'bank' });
    expect(hits.every((h) => /bank book/i.test(`${h.heading} ${h.snippet}`))).toBe(true);
  });

  it('ranks heading matches first and needs every word', () => {
    const hits = searchManuals(manuals(en), 'WEAKER leg');
    expect(hits[0]).toMatchObject({ slug: 'organization_management', section: 'placement' });
    expect(searchManuals(manuals(en), 'weaker zebra')).toEqual([]);
    expect(searchManuals(manuals(en), '   ')).toEqual([]);
  });

  it('matches Thai as written, without spaces between words', () => {
    const hits = searchManuals(manuals(th), 'ขาอ่อน');
    expect(hits.map((h) => `${h.slug}#${h.section}`)).toContain('organization_management#placement');
    expect(searchManuals(manuals(th), 'สมุดบัญชี')[0]?.slug).toBe('identity_verification');
  });

  it('searches the plan’s figures once they are filled in', () => {
    const vars = { payoutDay: 'Tuesday', minPayout: '฿100.00' };
    expect(searchManuals(manuals(en), 'tuesday')).toEqual([]);
    const hits = searchManuals(manuals(en), 'tuesday', vars);
    expect(hits.map((h) => h.section)).toContain('payday');
    expect(fill('every {{payoutDay}}{{unknown}}', vars)).toBe('every Tuesday');
  });
});
