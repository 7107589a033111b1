import { Anchor, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandLine, IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
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

export default function ContactPage() {
  const { t } = useTranslation(LEGAL_NS);
  useDocumentTitle(t('contact.title'));
  const phone = t('contact.phone');
  const email = t('contact.email');
  const line = t('contact.line');

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('contact.title')}
        </Title>
        <Text c="dimmed">{t('contact.intro')}</Text>
      </Stack>
      <Text fw={600}>{t('contact.company')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Item icon={<IconPhone size={18} />} label={t('contact.phoneLabel')}>
          <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</Anchor>
        </Item>
        <Item icon={<IconMail size={18} />} label={t('contact.emailLabel')}>
          <Anchor href={`mailto:${email}`}>{email}</Anchor>
        </Item>
        <Item icon={<IconBrandLine size={18} />} label={t('contact.lineLabel')}>
          <Anchor
            href={`https://line.me/R/ti/p/${encodeURIComponent(line)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {line}
          </Anchor>
        </Item>
        <Item icon={<IconClock size={18} />} label={t('contact.hoursLabel')}>
          <span style={{ whiteSpace: 'pre-line' }}>{t('contact.hours')}</span>
        </Item>
      </SimpleGrid>
      <Item icon={<IconMapPin size={18} />} label={t('contact.addressLabel')}>
        {t('contact.address')}
      </Item>
    </Stack>
  );
}
