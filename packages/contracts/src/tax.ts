import { z } from 'zod';
import { isThaiNationalId } from './profile.ts';
import { cleanText, hasLetter } from './text.ts';

/**
 * The shop's tax documents (issue 22; docs/decisions/040): every paid order gets a tax invoice,
 * abbreviated (ใบกำกับภาษีอย่างย่อ, Revenue Code section 86/6) at payment, a full one (ใบกำกับภาษี,
 * section 86/4) when the buyer asks with their tax id, name and address, and a credit note
 * (ใบลดหนี้, section 86/10) when a paid order is refunded. Money as decimal strings, VAT apart.
 */

export const TAX_DOCUMENT_KINDS = ['abbreviated', 'full', 'credit_note'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

export const TAX_MESSAGES = {
  invalidTaxId: 'The tax id must be 13 digits with a valid check digit',
  invalidBranch: 'The branch must be 5 digits ("00000" for the head office)',
  nameRequired: 'Give the name the invoice is made out to',
  addressRequired: 'Give the address the invoice is made out to',
} as const;

/** A 13-digit tax id (a person's national id or a company's registration number): spaces and dashes dropped, check digit checked. */
export const thaiTaxId = z
  .string({ message: TAX_MESSAGES.invalidTaxId })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine(isThaiNationalId, { message: TAX_MESSAGES.invalidTaxId });

/**
 * POST /shop/v1/orders/{number}/tax-invoice (and the guest's and staff's same call): a full tax
 * invoice made out to this buyer. `branch` is a VAT-registered buyer's establishment ("00000" the
 * head office); leave it out for a person.
 */
export const taxInvoiceRequestBody = z.strictObject({
  tax_id: thaiTaxId,
  name: cleanText(TAX_MESSAGES.nameRequired)
    .min(1, { message: TAX_MESSAGES.nameRequired, abort: true })
    .max(200)
    .refine(hasLetter, { message: TAX_MESSAGES.nameRequired }),
  address: cleanText(TAX_MESSAGES.addressRequired)
    .min(5, { message: TAX_MESSAGES.addressRequired, abort: true })
    .max(500)
    .refine(hasLetter, { message: TAX_MESSAGES.addressRequired }),
  branch: z
    .string()
    .trim()
    .regex(/^\d{5}$/, TAX_MESSAGES.invalidBranch)
    .nullish(),
});
export type TaxInvoiceRequest = z.input<typeof taxInvoiceRequestBody>;

const money = z.string().meta({ description: 'THB as a decimal string, e.g. "1250.00"' });

export const taxBuyerSchema = z.object({
  name: z.string(),
  tax_id: z.string().nullable(),
  address: z.string().nullable(),
  /** A VAT-registered buyer's establishment: "00000" head office, else the branch; null for a person. */
  branch: z.string().nullable(),
});
export type TaxBuyer = z.infer<typeof taxBuyerSchema>;

export const taxDocumentSchema = z.object({
  number: z.string(),
  kind: z.enum(TAX_DOCUMENT_KINDS),
  issued_at: z.string().meta({ description: 'ISO 8601 instant (UTC)' }),
  issued_date: z.string().meta({ description: 'Business date YYYY-MM-DD (Asia/Bangkok)' }),
  /** The full invoice's buyer; for an abbreviated invoice and its credit note, the order's buyer's name only. */
  buyer: taxBuyerSchema,
  /** Value of the goods and delivery before VAT. */
  value: money,
  vat: money,
  /** Value plus VAT: the order's total (a credit note: the amount credited). */
  total: money,
  /** A full invoice: the document it replaces; a credit note: the invoice it reduces. */
  refers_to: z.string().nullable(),
  /** Set once a later document replaced this one (a full invoice asked for after it). */
  canceled_at: z.string().nullable(),
  replaced_by: z.string().nullable(),
  /** A credit note's reason. */
  reason: z.string().nullable(),
});
export type TaxDocument = z.infer<typeof taxDocumentSchema>;

/** GET /shop/v1/orders/{number}/tax-invoice: the order's tax documents, oldest first. */
export const orderTaxDocumentsSchema = z.object({
  order_no: z.string(),
  /** The invoice in force (abbreviated or full); null before payment and for a sale recorded elsewhere. */
  invoice: taxDocumentSchema.nullable(),
  credit_note: taxDocumentSchema.nullable(),
  documents: z.array(taxDocumentSchema),
  /** Whether a full invoice may be asked for now: the order is paid and not refunded. */
  full_available: z.boolean(),
});
export type OrderTaxDocuments = z.infer<typeof orderTaxDocumentsSchema>;

export const taxPdfQuery = z.object({ lang: z.enum(['th', 'en']).default('th') });

/** The month of a sales tax report (รายงานภาษีขาย), YYYY-MM. */
export const salesTaxReportQuery = z.object({
  // The years the portal's dates allow (1900 to 2200): a year 0000 is no month PostgreSQL can read.
  month: z.string().regex(/^(19\d\d|2[01]\d\d|2200)-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM'),
});

/** The sales tax report's columns, in its CSV's order. */
export const SALES_TAX_COLUMNS = [
  'date',
  'number',
  'kind',
  'order_no',
  'buyer_name',
  'buyer_tax_id',
  'buyer_branch',
  'value',
  'vat',
  'total',
  'counted',
  'note',
] as const;
