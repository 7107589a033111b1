import fs from 'node:fs';
import { isThaiNationalId } from '@portal/contracts/profile';
import { companyInfoSchema, type CompanyInfo } from '@portal/contracts/public-info';

/**
 * The company's details and locations, read from the configuration file (COMPANY_FILE, decision
 * 019). A file that breaks the contract stops the server with the field at fault rather than
 * serving it. The public pages, the withholding-tax certificate (the payer) and the shop's tax
 * documents (the seller) all read it here.
 */
export function loadCompanyInfo(file: string): CompanyInfo {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`The company file ${file} cannot be read as JSON: ${(err as Error).message}`);
  }
  const parsed = companyInfoSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `The company file ${file} is invalid at ${issue?.path.join('.') ?? '?'}: ${issue?.message}`,
    );
  }
  // A tax id prints on every tax invoice and certificate: its check digit is the national id's
  // (mod 11 over the first twelve digits), which a company's registration number follows too.
  const taxId = parsed.data.tax_id;
  if (!isThaiNationalId(taxId))
    throw new Error(
      `The company file ${file} is invalid at tax_id: ${taxId} is not a Thai tax id, its check digit (the last) should be ${expectedDigit(taxId)}`,
    );
  const ids = new Set<string>();
  for (const location of parsed.data.locations) {
    if (ids.has(location.id)) throw new Error(`The company file ${file} names location ${location.id} twice`);
    ids.add(location.id);
  }
  return parsed.data;
}

/** The last digit the first twelve call for: the one the national id's own check accepts. */
const expectedDigit = (taxId: string) =>
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => isThaiNationalId(`${taxId.slice(0, 12)}${d}`));

const cache = new Map<string, CompanyInfo>();

/** The company file, read once per path (it changes only with a restart). */
export function companyInfo(file: string): CompanyInfo {
  let info = cache.get(file);
  if (!info) cache.set(file, (info = loadCompanyInfo(file)));
  return info;
}
