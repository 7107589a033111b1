import {
  Anchor,
  Card,
  CloseButton,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBook, IconCoin, IconHierarchy2, IconId, IconSearch, IconWallet } from '@tabler/icons-react';
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Language } from '../../../lib/preferences';
import { paths } from '../../../lib/paths';
import { useCompanyInfo, usePublicPlan } from '../../../lib/public-info';
import { usePageMeta } from '../../../lib/use-page-meta';
import {
  assembleManual,
  MANUAL_SLUGS,
  manualHref,
  manualVars,
  type ManualSlug,
  type ManualTexts,
} from './content';
import { MANUALS_NS } from './manuals-namespace';
import { searchManuals } from './search';

const ICONS: Record<ManualSlug, ReactNode> = {
  identity_verification: <IconId size={20} />,
  organization_management: <IconHierarchy2 size={20} />,
  calculation_of_bonusIncome: <IconCoin size={20} />,
  receiving_bonusIncome: <IconWallet size={20} />,
};

export default function ManualsIndexPage() {
  const { t, i18n } = useTranslation(MANUALS_NS);
  const lang = i18n.language as Language;
  usePageMeta(t('index.title'), t('index.description'));
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const deferred = useDeferredValue(query);
  // The figures in the texts are searchable too once the plan has come (without it they are left out).
  const plan = usePublicPlan();
  const company = useCompanyInfo();

  const manuals = useMemo(
    () =>
      MANUAL_SLUGS.map(
        (slug) =>
          [slug, assembleManual(slug, t(slug, { returnObjects: true }) as unknown as ManualTexts)] as const,
      ),
    [t],
  );
  const whtAnnualised = t('whtAnnualised');
  const vars = useMemo(
    () => manualVars(plan.data, company.data, lang, whtAnnualised),
    [plan.data, company.data, lang, whtAnnualised],
  );
  const hits = useMemo(() => searchManuals(manuals, deferred, vars), [manuals, deferred, vars]);

  const setQuery = (q: string) => setParams(q ? { q } : {}, { replace: true });

  return (
    <Stack gap="lg" maw={1000}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('index.title')}
        </Title>
        <Text c="dimmed">{t('index.intro')}</Text>
      </Stack>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <TextInput
          label={t('index.searchLabel')}
          placeholder={t('index.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          rightSection={
            query ? (
              <CloseButton aria-label={t('index.clear')} onClick={() => setQuery('')} size="sm" />
            ) : null
          }
          type="search"
          data-testid="manual-search"
        />
      </form>

      {deferred.trim() ? (
        <Stack gap="sm" component="section" aria-labelledby="results">
          <Title order={2} size="h4" id="results" aria-live="polite" data-testid="search-count">
            {hits.length
              ? t('index.results', { count: hits.length, query: deferred.trim() })
              : t('index.noResults', { query: deferred.trim() })}
          </Title>
          <Stack gap="xs" component="ol" p={0} m={0}>
            {hits.map((hit) => (
              <Card
                key={`${hit.slug}#${hit.section}`}
                withBorder
                radius="md"
                padding="sm"
                component="li"
                style={{ listStyle: 'none' }}
                data-testid="search-hit"
              >
                <Text size="xs" c="dimmed">
                  {hit.manual}
                </Text>
                <Anchor component={Link} to={manualHref[hit.slug](hit.section)} fw={600}>
                  {hit.heading}
                </Anchor>
                <Text size="sm" c="dimmed" mt={2}>
                  {hit.snippet}
                </Text>
              </Card>
            ))}
          </Stack>
        </Stack>
      ) : null}

      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing="md"
        component="section"
        aria-label={t('index.listLabel')}
      >
        {manuals.map(([slug, manual]) => (
          <Card key={slug} withBorder radius="md" padding="lg" data-testid="manual-card">
            <Stack gap="xs">
              <ThemeIcon variant="light" radius="xl" size="lg">
                {ICONS[slug]}
              </ThemeIcon>
              <Anchor component={Link} to={manualHref[slug]()} fw={700} size="lg">
                {manual.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {manual.summary}
              </Text>
              <Text size="xs" c="dimmed">
                {manual.sections
                  .map((s) => s.heading)
                  .slice(0, 4)
                  .join(' · ')}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs">
          <ThemeIcon variant="light" radius="xl" size="lg">
            <IconBook size={20} />
          </ThemeIcon>
          <Text fw={600}>{t('index.moreTitle')}</Text>
          <Anchor component={Link} to={paths.tables.href()}>
            {t('links.tables')}
          </Anchor>
          <Anchor component={Link} to={paths.maps.href()}>
            {t('links.maps')}
          </Anchor>
          <Anchor component={Link} to={paths.contact.href()}>
            {t('links.contact')}
          </Anchor>
        </Stack>
      </Card>
    </Stack>
  );
}
