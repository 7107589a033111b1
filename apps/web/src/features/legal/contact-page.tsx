import { Anchor, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandLine, IconClock, IconMail, IconMap2, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { paths } from '../../lib/paths';
import type { Language } from '../../lib/preferences';
import { useCompanyInfo } from '../../lib/public-info';
import { usePageMeta } from '../../lib/use-page-meta';
import { LEGAL_NS } from './legal-namespace';

function Item({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={6}>
        <ThemeIcon variant="light" radius="xl" size="lg">
          {icon}
        </ThemeIcon>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The company's details from the same configuration as the map's locations (decision 019). */
export default function ContactPage() {
  const { t, i18n } = useTranslation(LEGAL_NS);
  const lang = i18n.language as Language;
  usePageMeta(t('contact.title'), t('contact.intro'));
  const company = useCompanyInfo();

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('contact.title')}
        </Title>
        <Text c="dimmed">{t('contact.intro')}</Text>
      </Stack>
      {company.isPending ? (
        <PageLoader />
      ) : company.isError ? (
        <ErrorAlert error={company.error} onRetry={() => void company.refetch()} />
      ) : (
        <>
          <Stack gap={2}>
            <Text fw={600} data-testid="company-name">
              {company.data.name[lang]}
            </Text>
            <Text size="sm" c="dimmed">
              {t('contact.taxId', { id: company.data.tax_id })}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Item icon={<IconPhone size={18} />} label={t('contact.phoneLabel')}>
              <Anchor href={`tel:${company.data.phone.replace(/[^\d+]/g, '')}`}>{company.data.phone}</Anchor>
            </Item>
            <Item icon={<IconMail size={18} />} label={t('contact.emailLabel')}>
              <Anchor href={`mailto:${company.data.email}`}>{company.data.email}</Anchor>
            </Item>
            <Item icon={<IconBrandLine size={18} />} label={t('contact.lineLabel')}>
              <Anchor
                href={`https://line.me/R/ti/p/${encodeURIComponent(company.data.line)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {company.data.line}
              </Anchor>
            </Item>
            <Item icon={<IconClock size={18} />} label={t('contact.hoursLabel')}>
              <span style={{ whiteSpace: 'pre-line' }}>{company.data.hours[lang]}</span>
            </Item>
          </SimpleGrid>
          <Item icon={<IconMapPin size={18} />} label={t('contact.addressLabel')}>
            {company.data.address[lang]}
          </Item>
          <Item icon={<IconMap2 size={18} />} label={t('contact.locationsLabel')}>
            <Anchor component={Link} to={paths.maps.href()}>
              {t('contact.locations', { count: company.data.locations.length })}
            </Anchor>
          </Item>
          {company.data.registration && (
            <Text size="sm" c="dimmed">
              {company.data.registration[lang]}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
