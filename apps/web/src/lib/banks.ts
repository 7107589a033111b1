import { bankByCode, type Bank } from '@portal/contracts/banks';
import type { Language } from './preferences';

/** A bank's name in the reader's language (the profile's bank form, the staff KYC case). */
export const bankName = (bank: Pick<Bank, 'name_th' | 'name_en'>, lang: Language) =>
  lang === 'th' ? bank.name_th : bank.name_en;

/** The name of the bank with this code in the reader's language; a code no Thai bank has, as it is. */
export const bankNameOfCode = (code: string, lang: Language) => {
  const bank = bankByCode(code);
  return bank ? bankName(bank, lang) : code;
};
