import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MSG } from '@portal/contracts/messages';
import { ApiError, NetworkError } from '../http/errors';

export type MessageKey = keyof typeof MSG;

/**
 * The API and the shared zod schemas speak English (contracts MSG). The portal shows them
 * translated by looking the exact text up here; locales/<lng>/validation.json is keyed by MSG's keys.
 */
const KEY_BY_TEXT = new Map<string, MessageKey>(
  Object.entries(MSG).map(([key, text]) => [text, key as MessageKey]),
);

export function messageKey(text: string | undefined): MessageKey | undefined {
  return text ? KEY_BY_TEXT.get(text) : undefined;
}

/** A field message (from zod or the server) in the current language. */
type MessageT = TFunction<['common', 'errors', 'validation']>;

export function translateMessage(t: MessageT, text: string | undefined): string | undefined {
  if (!text) return undefined;
  const key = messageKey(text);
  return key ? t(`validation:${key}`) : t('validation:invalid');
}

function fallbackCode(status: number) {
  if (status === 404) return 'NOT_FOUND' as const;
  if (status === 429) return 'RATE_LIMITED' as const;
  if (status === 401) return 'UNAUTHENTICATED' as const;
  if (status === 403) return 'FORBIDDEN' as const;
  if (status >= 500) return 'INTERNAL_ERROR' as const;
  return 'BAD_REQUEST' as const;
}

/** One sentence for any failure, in the current language. */
export function describeError(t: MessageT, error: unknown): string {
  if (error instanceof NetworkError) {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return t('common:errors.offline');
    return t(error.reason === 'timeout' ? 'common:errors.timeout' : 'common:errors.unreachable');
  }
  if (error instanceof ApiError) {
    // A specific code beats the text; VALIDATION_ERROR is generic, so its text says more.
    if (error.errorCode && error.errorCode !== 'VALIDATION_ERROR') return t(`errors:${error.errorCode}`);
    const key = messageKey(error.message);
    if (key) return t(`validation:${key}`);
    return t(`errors:${error.errorCode ?? fallbackCode(error.httpStatus)}`);
  }
  return t('common:errors.unexpected');
}

export function useDescribeError(): (error: unknown) => string {
  const { t } = useTranslation(['common', 'errors', 'validation']);
  return useCallback((error: unknown) => describeError(t, error), [t]);
}

export function useTranslateMessage(): (text: string | undefined) => string | undefined {
  const { t } = useTranslation(['common', 'errors', 'validation']);
  return useCallback((text: string | undefined) => translateMessage(t, text), [t]);
}
