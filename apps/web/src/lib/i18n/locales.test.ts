import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@portal/contracts/error-codes';
import { MSG } from '@portal/contracts/messages';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function byLanguage(lang: string): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [path, data] of Object.entries(files)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
    if (match?.[1] === lang && match[2]) out[match[2]] = data;
  }
  return out;
}

/** Every leaf as "path → value"; array items count as leaves of their own. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const th = byLanguage('th');
const en = byLanguage('en');

describe('locales', () => {
  it('has the same namespaces in Thai and English', () => {
    expect(Object.keys(th).length).toBeGreaterThan(0);
    expect(Object.keys(en).sort()).toEqual(Object.keys(th).sort());
  });

  it.each(Object.keys(th))('has the same keys in both languages: %s', (ns) => {
    expect([...leaves(en[ns]).keys()].sort()).toEqual([...leaves(th[ns]).keys()].sort());
  });

  it.each(Object.keys(th))('has no empty or non-text values: %s', (ns) => {
    for (const lang of [th, en]) {
      for (const [key, value] of leaves(lang[ns])) {
        expect(typeof value, `${ns}:${key}`).toBe('string');
        expect((value as string).trim(), `${ns}:${key}`).not.toBe('');
      }
    }
  });

  it('uses the same interpolation variables in both languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const ns of Object.keys(th)) {
      const en_ = leaves(en[ns]);
      for (const [key, value] of leaves(th[ns]))
        expect(vars(en_.get(key)), `${ns}:${key}`).toEqual(vars(value));
    }
  });

  it('is actually translated: Thai text is Thai', () => {
    const thai = /[\u0E00-\u0E7F]/;
    const common = leaves(th.common);
    expect(thai.test(String(common.get('appName')))).toBe(true);
    for (const code of ERROR_CODES) expect(thai.test(String(th.errors?.[code])), code).toBe(true);
  });
});

describe('error codes', () => {
  it.each(ERROR_CODES)('%s has a Thai and an English message', (code) => {
    expect(typeof th.errors?.[code]).toBe('string');
    expect(typeof en.errors?.[code]).toBe('string');
    expect(String(th.errors?.[code]).trim()).not.toBe('');
    expect(String(en.errors?.[code]).trim()).not.toBe('');
  });

  it('has no messages for codes the contracts do not know', () => {
    expect(Object.keys(th.errors ?? {}).sort()).toEqual([...ERROR_CODES].sort());
  });
});

describe('API message texts', () => {
  it.each(Object.keys(MSG))('%s has a Thai and an English translation', (key) => {
    expect(String(th.validation?.[key] ?? '').trim()).not.toBe('');
    expect(String(en.validation?.[key] ?? '').trim()).not.toBe('');
  });

  it('keeps the specification registration texts word for word in English', () => {
    for (const key of ['invalidInvitation', 'emailTaken', 'mobileTaken', 'identifier'] as const) {
      expect(en.validation?.[key]).toBe(MSG[key]);
    }
  });
});
