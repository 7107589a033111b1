import { Button, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import { OTP_LENGTH } from '@portal/contracts/identity';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shouldSendCode } from './code-sending';

/**
 * The six-digit code of every verification flow (OTP, e-mail code, reset code). Submits by
 * itself once complete, which is what a code pasted from an SMS expects; the code the server just
 * refused is not sent again by Enter or the button (each check counts one of its tries).
 */
export function CodeEntry({
  onSubmit,
  pending,
  error,
  refused = false,
  refCode,
  extra,
}: {
  onSubmit: (code: string) => void;
  pending: boolean;
  /** already translated */
  error?: string;
  /** The server refused the code sent last (a wrong or dead code), not merely failed to answer. */
  refused?: boolean;
  refCode?: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const labelId = useId();
  const lastSent = useRef<string | null>(null);
  const complete = code.length === OTP_LENGTH;
  const shownError =
    error ?? (touched && !complete ? t('code.incomplete', { length: OTP_LENGTH }) : undefined);

  const submit = (value: string) => {
    setTouched(true);
    if (!shouldSendCode({ value, length: OTP_LENGTH, lastSent: lastSent.current, pending, refused })) return;
    lastSent.current = value;
    onSubmit(value);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(code);
      }}
    >
      <Stack gap="md">
        <Input.Wrapper
          id={labelId}
          label={t('code.label')}
          description={refCode ? t('code.refCode', { ref: refCode }) : undefined}
          error={shownError}
        >
          <Group justify="center" mt="xs">
            <PinInput
              length={OTP_LENGTH}
              type="number"
              inputMode="numeric"
              oneTimeCode
              autoFocus
              size="md"
              gap={6}
              value={code}
              onChange={(value) => {
                setCode(value);
                if (value.length < OTP_LENGTH) setTouched(false);
              }}
              onComplete={submit}
              error={Boolean(shownError)}
              readOnly={pending}
              ariaLabel={t('code.digit')}
              aria-labelledby={`${labelId}-label`}
              data-testid="otp-input"
            />
          </Group>
        </Input.Wrapper>
        <Button type="submit" fullWidth loading={pending} data-testid="otp-submit">
          {t('code.submit')}
        </Button>
        {extra}
        <Text size="xs" c="dimmed" ta="center">
          {t('code.hint', { length: OTP_LENGTH })}
        </Text>
      </Stack>
    </form>
  );
}
