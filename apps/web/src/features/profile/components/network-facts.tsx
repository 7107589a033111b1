import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { NetworkMember } from '@portal/contracts/network';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate } from '../../../lib/i18n/dates';
import type { Language } from '../../../lib/preferences';
import { useNetworkMe } from '../../../lib/network-me';
import { KycStatusBadge } from '../../../components/kyc/status-badge';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The member's network facts (franchise code, package, business title, referrer, dates, KYC status). */
export function NetworkFacts({ lang }: { lang: Language }) {
  const { t } = useTranslation('profile');
  const facts = useNetworkMe();
  const none = t('network.none');
  const m: NetworkMember | undefined = facts.data;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid="network-facts">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('network.title')}
        </Title>
        {facts.error ? (
          <ErrorAlert error={facts.error} onRetry={() => void facts.refetch()} />
        ) : !m ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height={44} />
            ))}
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            <Fact label={t('network.franchiseCode')} testId="fact-franchise">
              {m.franchise_code || none}
            </Fact>
            <Fact label={t('network.package')}>{m.package || none}</Fact>
            <Fact label={t('network.businessTitle')}>{m.business_title || none}</Fact>
            <Fact label={t('network.referrer')}>
              {m.referrer
                ? `${m.referrer.first_name} ${m.referrer.last_name} (${m.referrer.member_code})`
                : none}
            </Fact>
            <Fact label={t('network.registerDate')}>{formatDate(m.register_date, lang, 'long') || none}</Fact>
            <Fact label={t('network.expiryDate')}>{formatDate(m.expiry_date, lang, 'long') || none}</Fact>
            <Fact label={t('network.kycStatus')} testId="fact-kyc">
              <KycStatusBadge status={m.kyc_status} />
            </Fact>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
