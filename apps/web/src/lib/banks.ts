import type { Bank } from '@portal/contracts/banks';
import type { Language } from './preferences';

/** A bank's name in the reader's language (the profile's bank form, the staff KYC case). */
export const bankName = (bank: Pick<Bank, 'name_th' | 'name_en'>, lang: Language) =>
  lang === 'th' ? bank.name_th : bank.name_en;
