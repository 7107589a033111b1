import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { MSG } from '@portal/contracts/messages';
import { ApiError, NetworkError } from '../http/errors';
import { resources } from './resources';
import thValidation from '../../locales/th/validation.json';
import enValidation from '../../locales/en/validation.json';
import { describeError, messageKey, translateMessage } from './messages';

let th: TFunction<['common', 'errors', 'validation']>;
let en: TFunction<['common', 'errors', 'validation']>;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    resources: {
      th: { ...resources.th, validation: thValidation },
      en: { ...resources.en, validation: enValidation },
    },
    lng: 'th',
    fallbackLng: 'th',
    ns: ['common', 'errors', 'validation'],
    defaultNS: 'common',
  });
  th = instance.getFixedT('th', ['common', 'errors', 'validation']);
  en = instance.getFixedT('en', ['common', 'errors', 'validation']);
});

const apiError = (status: number, message: string, errorCode?: ApiError['errorCode']) =>
  new ApiError(status, status, message, errorCode, {});

describe('translated messages', () => {
  it('maps every contract text to its key', () => {
    for (const [key, text] of Object.entries(MSG)) expect(messageKey(text)).toBe(key);
  });

  it('translates the registration field messages of the API', () => {
    expect(translateMessage(th, MSG.emailTaken)).toBe('อีเมลนี้ถูกใช้งานแล้ว');
    expect(translateMessage(th, MSG.mobileTaken)).toBe('หมายเลขโทรศัพท์มือถือนี้ถูกใช้งานแล้ว');
    expect(translateMessage(th, MSG.invalidInvitation)).toBe('รหัสเชิญไม่ถูกต้อง');
    expect(translateMessage(en, MSG.emailTaken)).toBe('The email has already been taken');
  });

  it('falls back to a generic translated message for unknown texts', () => {
    expect(translateMessage(th, 'Too big: expected string to have <=100 characters')).toBe(
      'ข้อมูลนี้ไม่ถูกต้อง กรุณาตรวจสอบอีกครั้ง',
    );
    expect(translateMessage(th, undefined)).toBeUndefined();
  });

  it('prefers the error code over the text', () => {
    expect(describeError(th, apiError(401, 'Invalid sign-in data', 'INVALID_CREDENTIALS'))).toBe(
      'ข้อมูลเข้าสู่ระบบไม่ถูกต้อง',
    );
    expect(
      describeError(en, apiError(410, 'OTP transaction was expired', 'OTP_TRANSACTION_WAS_EXPIRED')),
    ).toBe('The OTP has expired. Please request a new code.');
  });

  it('uses the text of a generic validation error when it is a known one', () => {
    expect(describeError(th, apiError(422, MSG.emailTaken, 'VALIDATION_ERROR'))).toBe('อีเมลนี้ถูกใช้งานแล้ว');
    expect(describeError(en, apiError(422, 'whatever', 'VALIDATION_ERROR'))).toBe(
      'Some information is not valid. Please check it and try again.',
    );
  });

  it('falls back on the HTTP status when there is no code', () => {
    expect(describeError(en, apiError(502, 'HTTP 502'))).toBe(
      'Something went wrong on our side. Please try again later.',
    );
    expect(describeError(en, apiError(429, 'HTTP 429'))).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  it('says "unable to connect" for a request without an answer', () => {
    expect(describeError(th, new NetworkError('unreachable'))).toBe('ไม่สามารถเชื่อมต่อบริการได้ กรุณาลองใหม่อีกครั้ง');
    expect(describeError(en, new NetworkError('timeout'))).toBe(
      'The service took too long to answer. Please try again.',
    );
    expect(describeError(en, new Error('boom'))).toBe('Something unexpected went wrong. Please try again.');
  });
});
