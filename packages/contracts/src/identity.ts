import { z } from 'zod';
import { dateInput } from './dates.ts';
import { int32IdParam } from './ids.ts';
import { MSG } from './messages.ts';
import { personName } from './text.ts';
import { suspensionEntrySchema } from './network.ts';

export const OTP_LENGTH = 6;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const EMAIL = z.email({ message: MSG.invalidEmail }).max(254);

/**
 * Thai mobiles in any common spelling (0812345678, +66812345678, 66812345678, 081-234-5678)
 * become the 10-digit national form; anything else gives null.
 */
export function normaliseMobile(raw: string): string | null {
  const digits = raw.replace(/[\s\-().]/g, '');
  let national: string;
  if (/^\+66\d{9}$/.test(digits)) national = '0' + digits.slice(3);
  else if (/^66\d{9}$/.test(digits)) national = '0' + digits.slice(2);
  else if (/^0\d{9}$/.test(digits)) national = digits;
  else return null;
  return /^0[689]\d{8}$/.test(national) ? national : null;
}

export const mobileSchema = z
  .string({ message: MSG.required })
  .trim()
  .min(1, MSG.required)
  .transform((v, ctx) => {
    const n = normaliseMobile(v);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidMobile });
      return z.NEVER;
    }
    return n;
  });

/** Sign-in identifier: an e-mail or exactly ten digits. */
export const identifierSchema = z
  .string({ message: MSG.identifier })
  .trim()
  .refine((v) => /^\d{10}$/.test(v) || EMAIL.safeParse(v).success, { message: MSG.identifier });

export const passwordSchema = z
  .string({ message: MSG.required })
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(PASSWORD_MAX);

export const loginBody = z.strictObject({
  username: identifierSchema,
  password: z.string({ message: MSG.required }).min(1, MSG.required).max(PASSWORD_MAX),
});
export type LoginBody = z.input<typeof loginBody>;

export const GENDERS = ['male', 'female'] as const;
export const AUTHEN_TYPES = ['mobile', 'email'] as const;

/** The specification's registration payload, plus the terms and privacy notice checkboxes. */
export const registerBody = z
  .strictObject({
    first_name: personName(),
    last_name: personName(),
    email: z.string({ message: MSG.required }).trim().toLowerCase().pipe(EMAIL),
    mobile: mobileSchema,
    password: passwordSchema,
    password_confirmation: z.string({ message: MSG.required }),
    gender: z.enum(GENDERS, { message: MSG.required }),
    country_id: int32IdParam.default(764),
    authen_type_default: z.enum(AUTHEN_TYPES).default('mobile'),
    ref_uuid: z.string({ message: MSG.invalidInvitation }).trim().min(1, MSG.invalidInvitation).max(64),
    is_active: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
    is_sync: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
    accept_terms: z.literal(true, { message: MSG.termsRequired }),
    /** The privacy notice read and accepted (PDPA section 19; decision 045): its version is recorded. */
    accept_privacy: z.literal(true, { message: MSG.privacyRequired }),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: MSG.passwordConfirmation,
  });
export type RegisterBody = z.input<typeof registerBody>;

export const USER_TYPES = ['member', 'staff', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

// The suspension entry and its rules live in their own module without zod (the portal's route guard
// needs them in its first script); they are part of the identity contract.
export {
  SUSPENSION_PERIODS,
  SUSPENSION_STATUSES,
  isSuspended,
  suspensionKind,
  type SuspensionEntry,
  type SuspensionKind,
} from './suspension.ts';

const int = z.number().int();
const instant = z.string().meta({ description: 'ISO 8601 instant (UTC)' });

export const embeddedMemberSchema = z.object({
  id: int,
  memberCode: z.string(),
  member_uuid: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  email: z.string(),
  birthday: z.string().nullable(),
  gender: z.string(),
  referrer_member_id: int.nullable(),
  is_placed: z.boolean(),
  suspension: z.array(suspensionEntrySchema),
});
export type EmbeddedMember = z.infer<typeof embeddedMemberSchema>;

export const userSchema = z.object({
  id: int,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  birthday: z.string().nullable(),
  gender: z.enum(GENDERS),
  is_active: z.boolean(),
  type: z.enum(USER_TYPES),
  mobile: z.string(),
  images: z.object({
    avatar: z.object({ original: z.string().nullable(), thumbnail: z.string().nullable() }),
  }),
  invitation_code: z.string(),
  is_verifies_email: z.boolean(),
  is_verifies_mobile: z.boolean(),
  is_verifies_identity: z.boolean(),
  is_verifies_bank: z.boolean(),
  created_at: instant,
  updated_at: instant,
  mobile_verified_at: instant.nullable(),
  email_verified_at: instant.nullable(),
  identity_type: z.string().nullable(),
  identity_value: z.string().nullable(),
  country_id: int,
  is_sync: z.boolean(),
  authen_type_default: z.enum(AUTHEN_TYPES),
  language: z.enum(['th', 'en']),
  notification_preferences: z.object({ email: z.boolean(), sms: z.boolean() }),
  member: embeddedMemberSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const loginResultSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: int,
  user: userSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const updateMeBody = z.strictObject({
  first_name: personName().optional(),
  last_name: personName().optional(),
  birthday: dateInput.nullable().optional(),
  gender: z.enum(GENDERS).optional(),
  language: z.enum(['th', 'en']).optional(),
  /** also send notifications by e-mail / SMS */
  notify_email: z.boolean().optional(),
  notify_sms: z.boolean().optional(),
});

export const changePasswordBody = z
  .strictObject({
    current_password: z.string({ message: MSG.required }).min(1, MSG.required).max(PASSWORD_MAX),
    password: passwordSchema,
    password_confirmation: z.string({ message: MSG.required }),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: MSG.passwordConfirmation,
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** Staff or application clients update a user: activation and sync flags, name, e-mail. */
export const updateUserBody = z.strictObject({
  first_name: personName().optional(),
  last_name: personName().optional(),
  email: z.string().trim().toLowerCase().pipe(EMAIL).optional(),
  is_active: z.boolean().optional(),
  is_sync: z.boolean().optional(),
  is_verifies_email: z.boolean().optional(),
  is_verifies_mobile: z.boolean().optional(),
});

export const OTP_PURPOSES = ['onboarding', 'reset-password', 'change-email', 'change-mobile'] as const;

/** POST /v1/otp-transactions: send a code to a mobile (SMS) or e-mail. */
export const otpRequestBody = z.strictObject({
  username: z.string().trim().min(1, MSG.required).max(254),
  purpose: z.enum(OTP_PURPOSES).default('onboarding'),
});

export const OTP_DELIVERY_STATES = ['pending', 'retrying', 'sent', 'failed'] as const;
export type OtpDelivery = (typeof OTP_DELIVERY_STATES)[number];

export const otpTransactionSchema = z.object({
  id: z.string(),
  username: z.string(),
  channel: z.enum(['sms', 'email']),
  ref_code: z.string(),
  expires_at: instant,
  resend_after: instant,
  /**
   * Where the code's SMS or e-mail stands (added to the spec's fields): on its way (`pending`), a try
   * failed and it is tried again (`retrying`), handed to the gateway or mail server (`sent`), or given
   * up (`failed`: the member asks again or uses the other channel). GET /v1/otp-transactions/{id}.
   */
  delivery: z.enum(OTP_DELIVERY_STATES),
});
export type OtpTransaction = z.infer<typeof otpTransactionSchema>;

/** PUT /v1/otp-transactions/{id}: verify. `mobile` or `email` names the username. */
export const otpVerifyBody = z
  .strictObject({
    mobile: z.string().trim().max(32).optional(),
    email: z.string().trim().max(254).optional(),
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MSG.invalidVerifyCode),
    ref_code: z.string().trim().min(1).max(16),
  })
  .refine((b) => b.mobile || b.email, { path: ['mobile'], message: MSG.required });

export const activateRequestBody = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(EMAIL),
});
export const activateBody = z.strictObject({ token: z.string().trim().max(128) });

export const passwordResetRequestBody = z.strictObject({
  email: z.string({ message: MSG.invalidEmail }).trim().toLowerCase().pipe(EMAIL),
});
export const passwordResetTicketSchema = z.object({ token: z.string(), expires_at: instant });
export type PasswordResetTicket = z.infer<typeof passwordResetTicketSchema>;
export const passwordResetBody = z
  .strictObject({
    token: z.string().trim().min(16).max(128),
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MSG.invalidResetCode),
    password: passwordSchema,
    password_confirmation: z.string({ message: MSG.required }),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: MSG.passwordConfirmation,
  });

/** POST /v1/emails: send a verification e-mail again (activation link) to the signed-in user. */
export const emailsBody = z.strictObject({
  type: z.enum(['activation']).default('activation'),
});

export const referrerInfoSchema = z.object({
  invitation_code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  member_code: z.string(),
  avatar_thumbnail: z.string().nullable(),
});
export type ReferrerInfo = z.infer<typeof referrerInfoSchema>;

export const notificationSchema = z.object({
  id: int,
  kind: z.string(),
  title: z.string(),
  title_th: z.string(),
  body: z.string(),
  body_th: z.string(),
  read_at: instant.nullable(),
  created_at: instant,
});
export type Notification = z.infer<typeof notificationSchema>;

/** POST /v1/activate */
export const activationResultSchema = z.object({ activated: z.literal(true) });

/** GET /v1/activate?token= */
export const activationInfoSchema = z.object({ email: z.string(), first_name: z.string() });
export type ActivationInfo = z.infer<typeof activationInfoSchema>;

/** GET /v1/password-reset/{token}[?appends=code&code=] — `email` is masked. */
export const passwordResetCheckSchema = z.object({
  token: z.string(),
  email: z.string(),
  expires_at: instant,
  code_valid: z.boolean().optional(),
});
export type PasswordResetCheck = z.infer<typeof passwordResetCheckSchema>;

/** PUT /v1/otp-transactions/{id} */
export const otpVerifyResultSchema = z.object({ verified: z.literal(true), user: userSchema.nullable() });
export type OtpVerifyResult = z.infer<typeof otpVerifyResultSchema>;

/** A signed-in device: one refresh-token family. */
export const sessionInfoSchema = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  signed_in_at: instant,
  last_active_at: instant,
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
/** DELETE /v1/me/sessions ("sign out all other devices"): how many devices were signed out. */
export const signedOutOthersSchema = z.object({ signed_out: int });
export type SignedOutOthers = z.infer<typeof signedOutOthersSchema>;

export const unreadCountSchema = z.object({ count: int });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
