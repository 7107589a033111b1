import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconFingerprint, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError } from '../../../lib/http/errors';
import { useFormat } from '../../../lib/i18n/use-format';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import './passkeys-namespace';

/** Whether this browser can make and use passkeys at all. */
const supported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * Settings: sign in by passkey (fingerprint, face or the phone's screen lock) beside the password,
 * which stays. Lists the member's passkeys with when each was added and last used; adds one (the
 * browser asks the device) and removes one.
 */
export function PasskeysCard() {
  const { t } = useTranslation('passkeys');
  const f = useFormat();
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [added, setAdded] = useState(false);

  const onAdd = () => {
    setAdded(false);
    add.mutate(name.trim() || undefined, {
      onSuccess: () => {
        setName('');
        setAdded(true);
      },
    });
  };
  // The device refused or the member cancelled: the browser's DOMException, not the server's answer.
  const addError = add.error && !(add.error instanceof ApiError) ? t('cancelled') : null;

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="lg"
      component="section"
      data-testid="settings-passkeys"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('description')}
          </Text>
        </Stack>
        {list.isPending ? (
          <Skeleton h={48} />
        ) : list.error ? (
          <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <Text size="sm" data-testid="passkeys-none">
            {t('none')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.data.map((p) => (
              <Group
                key={p.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                data-testid="passkey-item"
              >
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFingerprint size={22} stroke={1.6} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" truncate="end">
                      {p.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('added', { date: f.day(p.created_at) })}
                      {' · '}
                      {p.last_used_at ? t('used', { date: f.instant(p.last_used_at) }) : t('neverUsed')}
                    </Text>
                  </Stack>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('remove', { name: p.name })}
                  loading={remove.isPending && remove.variables === p.id}
                  onClick={() => remove.mutate(p.id)}
                  data-testid="passkey-remove"
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        {supported() ? (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('name')}
              placeholder={t('namePlaceholder')}
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.currentTarget.value)}
              style={{ flex: '1 1 200px' }}
              data-testid="passkey-name"
            />
            <Button
              leftSection={<IconFingerprint size={18} />}
              loading={add.isPending}
              onClick={onAdd}
              data-testid="passkey-add"
            >
              {t('add')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" data-testid="passkeys-unsupported">
            {t('unsupported')}
          </Text>
        )}
        {added && (
          <Alert color="teal" variant="light" data-testid="passkey-added">
            {t('addedNow')}
          </Alert>
        )}
        {(addError || (add.error instanceof ApiError && add.error)) && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {addError ?? t('notVerified')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
