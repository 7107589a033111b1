import { z } from 'zod';
import { planParamsSchema } from './engine.ts';

/**
 * What the public pages read without signing in (an application token is enough): the plan in force
 * today (/tables and the bonus manual) and the company's details and locations (/contact, /maps).
 * Served under /network/api/v1/public (decision 019).
 */

/** GET /network/api/v1/public/plan: the plan version in force on today's business date, parameters only. */
export const publicPlanSchema = z.object({
  /** 0 is the built-in default plan, in force until staff store a version. */
  version: z.number().int().min(0),
  /** The date the version applies from; null for the built-in plan. */
  effective_from: z.string().nullable().meta({ description: 'YYYY-MM-DD or null for the built-in plan' }),
  /** Today on the business clock (Asia/Bangkok). */
  business_date: z.string().meta({ description: 'Business date YYYY-MM-DD (Asia/Bangkok)' }),
  params: planParamsSchema,
});
export type PublicPlan = z.infer<typeof publicPlanSchema>;

/** A text in both of the portal's languages. */
export const bilingual = z.strictObject({ th: z.string().min(1), en: z.string().min(1) });
export type Bilingual = z.infer<typeof bilingual>;

export const LOCATION_KINDS = ['office', 'pickup'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/** An office or a pickup point on /maps. */
export const companyLocationSchema = z.strictObject({
  /** Stable identifier, also the anchor of the location in the list (`/maps#loc-bkk-hq`). */
  id: z.string().regex(/^[a-z0-9-]+$/),
  kind: z.enum(LOCATION_KINDS),
  name: bilingual,
  /** The province, as written in the list's filter; `code` is the province's two-digit code. */
  province: z.strictObject({
    code: z.string().regex(/^\d{2}$/),
    th: z.string().min(1),
    en: z.string().min(1),
  }),
  address: bilingual,
  /** WGS 84 degrees; the map of Thailand spans about 97.3–105.7 E and 5.6–20.5 N. */
  lat: z.number().min(5).max(21),
  lng: z.number().min(97).max(106),
  phone: z.string().regex(/^[0-9+\- ]+$/),
  hours: bilingual,
});
export type CompanyLocation = z.infer<typeof companyLocationSchema>;

/** GET /network/api/v1/public/company: the company's details (/contact) and its locations (/maps). */
export const companyInfoSchema = z.strictObject({
  name: bilingual,
  tax_id: z.string().regex(/^\d{13}$/),
  /**
   * The establishment that issues the shop's tax invoices, as the Revenue Department numbers it:
   * "00000" for the head office (สำนักงานใหญ่), else the branch number (สาขาที่).
   */
  branch: z
    .string()
    .regex(/^\d{5}$/)
    .default('00000'),
  address: bilingual,
  phone: z.string().regex(/^[0-9+\- ]+$/),
  email: z.email(),
  line: z.string().min(1),
  hours: bilingual,
  /** The company's registration of its plan under the Direct Sales and Direct Marketing Act, if shown. */
  registration: bilingual.nullable(),
  locations: z.array(companyLocationSchema),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

/**
 * GET /network/api/v1/public/company answers the company file and the KYC deadline periods the
 * server runs with (KYC_PRE_PENDING_DAYS, KYC_PENDING_DAYS), which the identity manual explains.
 */
export const publicCompanySchema = companyInfoSchema.extend({
  kyc_deadline: z.object({
    /** Days after registration (or a restarted clock) during which reminders only warn. */
    pre_pending_days: z.number().int().positive(),
    /** Days of the pending period that follows; after it the account is suspended. */
    pending_days: z.number().int().positive(),
  }),
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;
