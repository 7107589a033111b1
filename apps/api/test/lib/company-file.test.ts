import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isThaiNationalId } from '@portal/contracts/profile';
import { loadCompanyInfo } from '../../src/lib/company';

/**
 * The company file (COMPANY_FILE): its tax id prints on every tax invoice, credit note and
 * withholding-tax certificate, so a server refuses to start on one whose check digit is wrong.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'company-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const shipped = path.join(import.meta.dirname, '../../company.json');

function withTaxId(taxId: string) {
  const file = path.join(dir, `company-${taxId}.json`);
  const data = JSON.parse(fs.readFileSync(shipped, 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(file, JSON.stringify({ ...data, tax_id: taxId }));
  return file;
}

describe('the company file', () => {
  it('when it is the one shipped then its tax id passes the check digit and it loads', () => {
    const info = loadCompanyInfo(shipped);
    expect(info.tax_id).toMatch(/^\d{13}$/);
    expect(isThaiNationalId(info.tax_id)).toBe(true);
  });

  it('when its tax id fails the check digit then loading it stops with the file, the field and the digit expected', () => {
    const file = withTaxId('0105566099991');
    expect(() => loadCompanyInfo(file)).toThrow(
      `The company file ${file} is invalid at tax_id: 0105566099991 is not a Thai tax id, its check digit (the last) should be 7`,
    );
    expect(loadCompanyInfo(withTaxId('0105566099997')).tax_id).toBe('0105566099997');
  });

  it('when its tax id is not 13 digits then loading it stops at tax_id', () => {
    expect(() => loadCompanyInfo(withTaxId('010556609999'))).toThrow(/invalid at tax_id/);
  });
});
