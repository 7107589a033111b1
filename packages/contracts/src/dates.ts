import { z } from 'zod';
import { DATE_MESSAGE, FIRST_DATE, inDateRange, LAST_DATE, MONTH_MESSAGE } from './date-range.ts';

export * from './date-range.ts';

/** A date a client sends (query, path or body): a real calendar date in the business range. */
export const dateInput = z.iso
  .date({ error: DATE_MESSAGE })
  .refine(inDateRange, { error: DATE_MESSAGE })
  .meta({ description: `Date YYYY-MM-DD (Asia/Bangkok), ${FIRST_DATE} to ${LAST_DATE}` });

/** A month a client sends, YYYY-MM, in the business range. */
export const monthInput = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MONTH_MESSAGE })
  .refine((month) => inDateRange(`${month}-01`), { error: MONTH_MESSAGE });
