import '../dashboard-namespace';
import { Badge, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import type { User } from '@portal/contracts/identity';
import { useTranslation } from 'react-i18next';

const CHECKS = [
  { key: 'email', flag: 'is_verifies_email' },
  { key: 'mobile', flag: 'is_verifies_mobile' },
  { key: 'identity', flag: 'is_verifies_identity' },
  { key: 'bank', flag: 'is_verifies_bank' },
] as const;

export function VerificationStatus({ user }: { user: User }) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="lg" radius="lg">
      <Title order={2} size="h4" mb="md">
        {t('verification.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {CHECKS.map(({ key, flag }) => {
          const ok = user[flag];
          return (
            <Group key={key} justify="space-between" gap="xs" wrap="wrap" data-testid={`verification-${key}`}>
              <Text size="sm">{t(`verification.${key}`)}</Text>
              <Badge
                color={ok ? 'teal' : 'gray'}
                variant="light"
                leftSection={ok ? <IconCircleCheck size={14} /> : <IconCircleDashed size={14} />}
              >
                {ok ? t('verification.verified') : t('verification.unverified')}
              </Badge>
            </Group>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
