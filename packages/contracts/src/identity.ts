import { z } from 'zod';
import { int32IdParam } from './ids.ts';
import { MSG } from './messages.ts';
import { personName } from './text.ts';
import type { SuspensionEntry } from './suspension.ts';

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

/** The specification's registration payload, plus the terms checkbox. */
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

export interface EmbeddedMember {
  id: number;
  memberCode: string;
  member_uuid: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  birthday: string | null;
  gender: string;
  referrer_member_id: number | null;
  is_placed: boolean;
  suspension: SuspensionEntry[];
}

export interface User {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  birthday: string | null;
  gender: 'male' | 'female';
  is_active: boolean;
  type: UserType;
  mobile: string;
  images: { avatar: { original: string | null; thumbnail: string | null } };
  invitation_code: string;
  is_verifies_email: boolean;
  is_verifies_mobile: boolean;
  is_verifies_identity: boolean;
  is_verifies_bank: boolean;
  created_at: string;
  updated_at: string;
  mobile_verified_at: string | null;
  email_verified_at: string | null;
  identity_type: string | null;
  identity_value: string | null;
  country_id: number;
  is_sync: boolean;
  authen_type_default: 'mobile' | 'email';
  language: 'th' | 'en';
  notification_preferences: { email: boolean; sms: boolean };
  member: EmbeddedMember | null;
}

export interface LoginResult {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  user: User;
}

export const updateMeBody = z.strictObject({
  first_name: personName().optional(),
  last_name: personName().optional(),
  birthday: z.iso.date().nullable().optional(),
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

export interface OtpTransaction {
  id: string;
  username: string;
  channel: 'sms' | 'email';
  ref_code: string;
  expires_at: string;
  resend_after: string;
}

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
export interface PasswordResetTicket {
  token: string;
  expires_at: string;
}
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

export interface ReferrerInfo {
  invitation_code: string;
  first_name: string;
  last_name: string;
  member_code: string;
  avatar_thumbnail: string | null;
}

export interface Notification {
  id: number;
  kind: string;
  title: string;
  title_th: string;
  body: string;
  body_th: string;
  read_at: string | null;
  created_at: string;
}

/** GET /v1/activate?token= */
export interface ActivationInfo {
  email: string;
  first_name: string;
}

/** GET /v1/password-reset/{token}[?appends=code&code=] — `email` is masked. */
export interface PasswordResetCheck {
  token: string;
  email: string;
  expires_at: string;
  code_valid?: boolean;
}

/** PUT /v1/otp-transactions/{id} */
export interface OtpVerifyResult {
  verified: true;
  user: User | null;
}

/** A signed-in device: one refresh-token family. */
export interface SessionInfo {
  id: string;
  user_agent: string | null;
  ip: string | null;
  signed_in_at: string;
  last_active_at: string;
  current: boolean;
}

export interface UnreadCount {
  count: number;
}
