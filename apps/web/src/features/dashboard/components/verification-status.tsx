import '../dashboard-namespace';
import { Badge, Button, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import type { User } from '@portal/contracts/identity';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VerifyMobileDialog } from './verify-mobile-dialog';

const CHECKS = [
  { key: 'email', flag: 'is_verifies_email' },
  { key: 'mobile', flag: 'is_verifies_mobile' },
  { key: 'identity', flag: 'is_verifies_identity' },
  { key: 'bank', flag: 'is_verifies_bank' },
] as const;

export function VerificationStatus({ user }: { user: User }) {
  const { t } = useTranslation('dashboard');
  const [codeOpen, setCodeOpen] = useState(false);
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
              <Group gap={6} wrap="nowrap">
                {key === 'mobile' && !ok && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => setCodeOpen(true)}
                    aria-haspopup="dialog"
                    data-testid="verification-mobile-verify"
                  >
                    {t('verifyMobile.action')}
                  </Button>
                )}
                <Badge
                  color={ok ? 'teal' : 'gray'}
                  variant="light"
                  leftSection={ok ? <IconCircleCheck size={14} /> : <IconCircleDashed size={14} />}
                >
                  {ok ? t('verification.verified') : t('verification.unverified')}
                </Badge>
              </Group>
            </Group>
          );
        })}
      </SimpleGrid>
      {!user.is_verifies_mobile && (
        <VerifyMobileDialog opened={codeOpen} onClose={() => setCodeOpen(false)} mobile={user.mobile} />
      )}
    </Paper>
  );
}
