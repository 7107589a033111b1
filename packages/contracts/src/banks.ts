/** A Thai bank: the specification's code, its Bank of Thailand code, and its names. */
export interface Bank {
  code: BankCode;
  bot_code: string;
  name_en: string;
  name_th: string;
  /** Merged banks stay readable on old accounts but cannot be chosen for new ones. */
  selectable: boolean;
}

export const BANK_CODES = [
  'bbl',
  'kbank',
  'ktb',
  'ttb',
  'tmb',
  'scb',
  'scbt',
  'cimb',
  'uob',
  'bay',
  'gsb',
  'ghb',
  'baac',
  'exim',
  'tcap',
  'ibank',
  'tisco',
  'kkp',
  'tcrbank',
  'lhbank',
  'smebank',
] as const;
export type BankCode = (typeof BANK_CODES)[number];

const bank = (
  code: BankCode,
  bot_code: string,
  name_en: string,
  name_th: string,
  selectable = true,
): Bank => ({
  code,
  bot_code,
  name_en,
  name_th,
  selectable,
});

/** The specification's 21 banks, in Bank of Thailand code order. */
export const BANKS: readonly Bank[] = [
  bank('bbl', '002', 'Bangkok Bank', 'ธนาคารกรุงเทพ'),
  bank('kbank', '004', 'Kasikornbank', 'ธนาคารกสิกรไทย'),
  bank('ktb', '006', 'Krung Thai Bank', 'ธนาคารกรุงไทย'),
  bank('ttb', '011', 'TMBThanachart Bank', 'ธนาคารทหารไทยธนชาต'),
  bank('tmb', '011', 'TMB Bank (now ttb)', 'ธนาคารทหารไทย', false),
  bank('scb', '014', 'Siam Commercial Bank', 'ธนาคารไทยพาณิชย์'),
  bank('scbt', '020', 'Standard Chartered Bank (Thai)', 'ธนาคารสแตนดาร์ดชาร์เตอร์ด (ไทย)'),
  bank('cimb', '022', 'CIMB Thai Bank', 'ธนาคารซีไอเอ็มบี ไทย'),
  bank('uob', '024', 'United Overseas Bank (Thai)', 'ธนาคารยูโอบี'),
  bank('bay', '025', 'Bank of Ayudhya (Krungsri)', 'ธนาคารกรุงศรีอยุธยา'),
  bank('gsb', '030', 'Government Savings Bank', 'ธนาคารออมสิน'),
  bank('ghb', '033', 'Government Housing Bank', 'ธนาคารอาคารสงเคราะห์'),
  bank(
    'baac',
    '034',
    'Bank for Agriculture and Agricultural Cooperatives',
    'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
  ),
  bank('exim', '035', 'Export-Import Bank of Thailand', 'ธนาคารเพื่อการส่งออกและนำเข้าแห่งประเทศไทย'),
  bank('tcap', '065', 'Thanachart Bank (merged into ttb)', 'ธนาคารธนชาต', false),
  bank('ibank', '066', 'Islamic Bank of Thailand', 'ธนาคารอิสลามแห่งประเทศไทย'),
  bank('tisco', '067', 'TISCO Bank', 'ธนาคารทิสโก้'),
  bank('kkp', '069', 'Kiatnakin Phatra Bank', 'ธนาคารเกียรตินาคินภัทร'),
  bank('tcrbank', '071', 'Thai Credit Bank', 'ธนาคารไทยเครดิต'),
  bank('lhbank', '073', 'Land and Houses Bank', 'ธนาคารแลนด์ แอนด์ เฮ้าส์'),
  bank('smebank', '098', 'SME Development Bank', 'ธนาคารพัฒนาวิสาหกิจขนาดกลางและขนาดย่อมแห่งประเทศไทย'),
];

export const bankByCode = (code: string): Bank | undefined => BANKS.find((b) => b.code === code);

export const BANK_ACCOUNT_TYPES = ['savings', 'fixed', 'current'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export const ACCOUNT_NO_MIN = 10;
export const ACCOUNT_NO_MAX = 15;

/** What a member types (`123-4-56789-0`, `123 456 7890`) becomes digits only; null when it is not 10–15 digits. */
export function normaliseAccountNo(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${ACCOUNT_NO_MIN},${ACCOUNT_NO_MAX}}$`).test(digits) ? digits : null;
}

/**
 * An account number grouped for reading: ten digits as Thai bank books print them (123-4-56789-0),
 * longer ones in threes from the left (123-456-789-012).
 */
export function groupAccountNo(digits: string): string {
  if (digits.length === 10)
    return `${digits.slice(0, 3)}-${digits.slice(3, 4)}-${digits.slice(4, 9)}-${digits.slice(9)}`;
  return digits.match(/.{1,3}/g)?.join('-') ?? digits;
}

/**
 * An account number shown without its first digits: only the last four stay (`xxxxxx7890`), as a
 * payout notice, the member's wallet and a transfer slip name the account a payout went to.
 */
export function maskAccountNo(digits: string): string {
  const last = digits.slice(-4);
  return `${'x'.repeat(Math.max(digits.length - last.length, 0))}${last}`;
}
