import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDescribeError } from '../../lib/i18n/messages';

/** A failure in the current language, with a retry when the caller can offer one. */
export function ErrorAlert({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const { t } = useTranslation('common');
  const describe = useDescribeError();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{describe(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
