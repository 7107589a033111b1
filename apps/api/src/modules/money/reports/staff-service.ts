import { stringify } from 'csv-stringify/sync';
import {
  INCOME_DISCLOSURE_CSV_COLUMNS,
  type IncomeDisclosureStats,
} from '@portal/contracts/income-disclosure';
import type { AppContext } from '../../../context';
import { incomeDisclosure } from '../../network';
import { textCell, type CsvFile } from '../payouts/service';

/**
 * The income disclosure of a closed year as CSV for staff: the public page's figures, one row for
 * every member counted (group ALL) and one per title; the same refusals as the public call. With a
 * byte-order mark, so spreadsheet programs read it as UTF-8; a title is a text cell (never a formula).
 */
export async function incomeDisclosureFile(ctx: AppContext, year: number): Promise<CsvFile> {
  const d = await incomeDisclosure(ctx, year);
  const row = (group: string, s: IncomeDisclosureStats, withheld = false) => [
    year,
    textCell(group),
    s.members,
    s.zero_earners,
    s.zero_earners_share ?? '',
    s.income_total,
    s.income_mean ?? '',
    s.income_median ?? '',
    s.income_p10 ?? '',
    s.income_p90 ?? '',
    s.top1_share ?? '',
    s.top10_share ?? '',
    s.purchases_total,
    s.purchases_mean ?? '',
    s.purchases_median ?? '',
    s.purchases_over_income,
    s.purchases_over_income_share ?? '',
    withheld ? 'yes' : 'no',
  ];
  const body = stringify([row('ALL', d.overall), ...d.by_title.map((t) => row(t.title, t, t.withheld))], {
    header: true,
    columns: [...INCOME_DISCLOSURE_CSV_COLUMNS],
    record_delimiter: 'windows',
    bom: true,
  });
  return { filename: `income-disclosure-${year}.csv`, body };
}
