import fs from 'node:fs';
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
  const ids = new Set<string>();
  for (const location of parsed.data.locations) {
    if (ids.has(location.id)) throw new Error(`The company file ${file} names location ${location.id} twice`);
    ids.add(location.id);
  }
  return parsed.data;
}

const cache = new Map<string, CompanyInfo>();

/** The company file, read once per path (it changes only with a restart). */
export function companyInfo(file: string): CompanyInfo {
  let info = cache.get(file);
  if (!info) cache.set(file, (info = loadCompanyInfo(file)));
  return info;
}
