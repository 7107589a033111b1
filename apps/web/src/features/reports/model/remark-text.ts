import type { TFunction } from 'i18next';
import {
  LEDGER_REMARK_KEYS,
  type LedgerRemarkKey,
  type LedgerRemarkParams,
} from '@portal/contracts/ledger-remarks';
import { formatDate } from '../../../lib/i18n/dates';
import type { Language } from '../../../lib/preferences';

/** A ledger row's remark as the API sends it: the plan's English text, and its key when it has one. */
export interface RemarkOf {
  remark: string;
  remark_key?: LedgerRemarkKey | null;
  remark_params?: LedgerRemarkParams;
}

const KNOWN = new Set<string>(LEDGER_REMARK_KEYS);

/**
 * An LVP or point row's remark in the reader's language ("ใช้ชำระคำสั่งซื้อ H001181", a closing day
 * with its Buddhist-era year); a remark without a key, or with one this portal does not know yet, is
 * shown as the API wrote it (a staff adjustment's own words).
 */
export function remarkText(t: TFunction<'reports'>, lang: Language, row: RemarkOf): string {
  const key = row.remark_key;
  if (!key || !KNOWN.has(key)) return row.remark;
  const params = row.remark_params ?? {};
  return t(`remarks.${key}`, {
    order: params.order ?? '',
    date: params.date ? formatDate(params.date, lang, 'date') : '',
    defaultValue: row.remark,
  });
}
