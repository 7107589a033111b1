import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { usePageMeta } from '../../lib/use-page-meta';
import { DisclosureOfYear } from './income-disclosure/year-choice';
import { PUBLIC_NS } from './public-namespace';

/** What the figures are and are not, in plain words (the FTC staff's 2024 findings beside them). */
export function DisclosureNotes() {
  const { t } = useTranslation(PUBLIC_NS);
  return (
    <Stack gap="sm" component="section" aria-labelledby="disclosure-read">
      <Title order={2} size="h3" id="disclosure-read">
        {t('disclosure.notes.title')}
      </Title>
      <List spacing="xs" size="sm">
        <List.Item>{t('disclosure.notes.who')}</List.Item>
        <List.Item>{t('disclosure.notes.income')}</List.Item>
        <List.Item>{t('disclosure.notes.purchases')}</List.Item>
        <List.Item>{t('disclosure.notes.median')}</List.Item>
        <List.Item>{t('disclosure.notes.top')}</List.Item>
        <List.Item>{t('disclosure.notes.expenses')}</List.Item>
      </List>
      <Title order={3} size="h4">
        {t('disclosure.ftc.title')}
      </Title>
      <Text size="sm">{t('disclosure.ftc.body')}</Text>
    </Stack>
  );
}

/** /income_disclosure: what members earned and bought in a closed year, from the ledger (public). */
export default function IncomeDisclosurePage() {
  const { t } = useTranslation(PUBLIC_NS);
  usePageMeta(t('disclosure.title'), t('disclosure.description'));
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('disclosure.title')}
        </Title>
        <Text c="dimmed">{t('disclosure.intro')}</Text>
        <Text size="sm">
          {t('disclosure.planLink')}{' '}
          <Anchor component={Link} to={paths.tables.href()}>
            {t('disclosure.toTables')}
          </Anchor>
        </Text>
      </Stack>
      <DisclosureOfYear />
      <DisclosureNotes />
    </Stack>
  );
}
