import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconClock, IconMapPin, IconPhone, IconRoute } from '@tabler/icons-react';
import type { CompanyLocation, LocationKind } from '@portal/contracts/public-info';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import type { Language } from '../../lib/preferences';
import { useCompanyInfo } from '../../lib/public-info';
import { directionsUrl, filterLocations, provinceOptions } from './maps/locations';
import classes from './maps/maps.module.css';
import { ThailandMap } from './maps/thailand-map';
import { PUBLIC_NS } from './public-namespace';
import { usePageMeta } from '../../lib/use-page-meta';

const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function LocationCard({
  location,
  lang,
  selected,
  onSelect,
}: {
  location: CompanyLocation;
  lang: Language;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation(PUBLIC_NS);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="li"
      id={`loc-${location.id}`}
      data-testid="location"
      style={{
        listStyle: 'none',
        borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
        borderWidth: selected ? 2 : undefined,
      }}
      onClick={onSelect}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {location.name[lang]}
          </Title>
          <Badge
            variant="light"
            color={location.kind === 'office' ? 'brand' : 'orange'}
            style={{ flexShrink: 0 }}
          >
            {t(`maps.kind.${location.kind}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {location.province[lang]}
        </Text>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 3 }} aria-hidden />
          <Text size="sm">{location.address[lang]}</Text>
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconClock size={16} style={{ flexShrink: 0, marginTop: 3 }} aria-label={t('maps.hours')} />
          <Text size="sm">{location.hours[lang]}</Text>
        </Group>
        <Group gap="sm" mt={4} wrap="wrap">
          <Button
            component="a"
            href={telOf(location.phone)}
            size="xs"
            variant="light"
            leftSection={<IconPhone size={14} />}
            aria-label={t('maps.call', { phone: location.phone })}
          >
            {location.phone}
          </Button>
          <Button
            component="a"
            href={directionsUrl(location)}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            variant="subtle"
            leftSection={<IconRoute size={14} />}
          >
            {t('maps.directions')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export default function MapsPage() {
  const { t, i18n } = useTranslation(PUBLIC_NS);
  const lang = i18n.language as Language;
  usePageMeta(t('maps.title'), t('maps.description'));
  const company = useCompanyInfo();
  const [params, setParams] = useSearchParams();
  const province = params.get('province') ?? '';
  const [kind, setKind] = useState<LocationKind | 'all'>('all');
  const [selected, setSelected] = useState<string | null>(null);

  const locations = useMemo(() => company.data?.locations ?? [], [company.data]);
  const options = useMemo(() => provinceOptions(locations, lang), [locations, lang]);
  const shown = useMemo(
    () => filterLocations(locations, { province, kind: kind === 'all' ? null : kind }),
    [locations, province, kind],
  );
  const shownIds = useMemo(() => new Set(shown.map((l) => l.id)), [shown]);

  useEffect(() => {
    if (selected && !shownIds.has(selected)) setSelected(null);
  }, [selected, shownIds]);

  const select = (id: string) => {
    setSelected(id);
    if (!shownIds.has(id)) {
      // A faded pin was chosen: show its province.
      const l = locations.find((x) => x.id === id);
      if (l) setParams({ province: l.province.code }, { replace: true });
      setKind('all');
    }
    requestAnimationFrame(() =>
      document.getElementById(`loc-${id}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
    );
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('maps.title')}
        </Title>
        <Text c="dimmed">{t('maps.intro')}</Text>
      </Stack>
      {company.isPending ? (
        <PageLoader />
      ) : company.isError ? (
        <ErrorAlert error={company.error} onRetry={() => void company.refetch()} />
      ) : (
        <>
          <Group gap="md" align="flex-end" wrap="wrap">
            <Select
              label={t('maps.province')}
              placeholder={t('maps.allProvinces')}
              data={[
                { value: '', label: t('maps.allProvinces') },
                ...options.map((o) => ({ value: o.value, label: `${o.label} (${o.count})` })),
              ]}
              value={province}
              onChange={(value) => setParams(value ? { province: value } : {}, { replace: true })}
              allowDeselect={false}
              w={{ base: '100%', xs: 280 }}
              comboboxProps={{ withinPortal: true }}
              data-testid="province-filter"
            />
            <SegmentedControl
              value={kind}
              onChange={(v) => setKind(v as LocationKind | 'all')}
              aria-label={t('maps.kindLabel')}
              data={[
                { value: 'all', label: t('maps.kind.all') },
                { value: 'office', label: t('maps.kind.office') },
                { value: 'pickup', label: t('maps.kind.pickup') },
              ]}
            />
          </Group>
          <Text size="sm" aria-live="polite" data-testid="location-count">
            {t('maps.count', { count: shown.length })}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Paper withBorder radius="md" className={classes.mapBox}>
              <ThailandMap
                locations={locations}
                shown={shownIds}
                selected={selected}
                onSelect={select}
                lang={lang}
                label={t('maps.mapLabel', { count: shown.length })}
              />
              <Text size="xs" c="dimmed" p="xs">
                {t('maps.attribution')}
              </Text>
            </Paper>
            <Stack gap="sm" component="ul" p={0} m={0} aria-label={t('maps.listLabel')}>
              {shown.length === 0 ? (
                <Text component="li" c="dimmed" style={{ listStyle: 'none' }}>
                  {t('maps.none')}
                </Text>
              ) : (
                shown.map((l) => (
                  <LocationCard
                    key={l.id}
                    location={l}
                    lang={lang}
                    selected={l.id === selected}
                    onSelect={() => setSelected(l.id)}
                  />
                ))
              )}
              {company.data.phone && (
                <Text size="sm" c="dimmed" component="li" style={{ listStyle: 'none' }}>
                  {t('maps.help')} <Anchor href={telOf(company.data.phone)}>{company.data.phone}</Anchor>
                </Text>
              )}
            </Stack>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
