/**
 * English texts the API answers with. Registration field messages are exactly the
 * specification's; the portal shows them translated by matching these texts or the error code.
 */
export const MSG = {
  identifier: 'Must be either a valid phone number or e-mail',
  invalidCredentials: 'Invalid sign-in data',
  invalidInvitation: 'Invalid invitation code',
  emailTaken: 'The email has already been taken',
  mobileTaken: 'The mobile number has already been taken',
  termsRequired: 'You must accept the terms and conditions',
  passwordConfirmation: 'The password confirmation does not match',
  passwordTooShort: 'The password must be at least 8 characters',
  invalidEmail: 'The email must be a valid email address',
  invalidMobile: 'The mobile must be a valid 10-digit Thai mobile number',
  required: 'This field is required',
  otpExpired: 'OTP transaction was expired',
  otpNotFound: 'OTP transaction not found',
  invalidVerifyCode: 'Invalid verify code',
  otpResendTooSoon: 'Please wait before requesting a new code',
  activateInvalid: 'Activate code expired or invalid',
  alreadyActivated: 'Already activated account',
  resetTokenInvalid: 'Reset-password token expired or invalid',
  invalidResetCode: 'Invalid reset code',
  changePasswordFailed: 'Change password unsuccessfully',
  currentPasswordWrong: 'The current password is incorrect',
  userUpdateValidate: 'User update validation error',
  notFound: 'Not found data',
  rateLimited: 'Too many requests, please try again later',
  invalidAppKey: 'Invalid application key',
  unauthenticated: 'Unauthenticated',
  forbidden: 'Forbidden',
} as const;
