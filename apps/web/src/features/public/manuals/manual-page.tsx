import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Image,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconExternalLink, IconHash, IconInfoCircle, IconPrinter } from '@tabler/icons-react';
import type { PublicCompany, PublicPlan } from '@portal/contracts/public-info';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { useSession } from '../../../lib/auth/use-session';
import { paths } from '../../../lib/paths';
import type { Language } from '../../../lib/preferences';
import { useCompanyInfo, usePublicPlan } from '../../../lib/public-info';
import print from '../print.module.css';
import { PlanVersionNote } from '../tables-page';
import { usePageMeta } from '../../../lib/use-page-meta';
import {
  assembleManual,
  fill,
  MANUAL_SLUGS,
  manualHref,
  manualVars,
  PORTAL_LINKS,
  type Manual,
  type ManualSection,
  type ManualSlug,
  type ManualTexts,
} from './content';
import { MANUALS_NS } from './manuals-namespace';
import { shotUrl, SHOT_SIZE } from './screenshots';
import { ManualWidget } from './widgets';

export function useManual(slug: ManualSlug): Manual {
  const { t } = useTranslation(MANUALS_NS);
  return assembleManual(slug, t(slug, { returnObjects: true }) as unknown as ManualTexts);
}

function Section({
  section,
  vars,
  plan,
  lang,
}: {
  section: ManualSection;
  vars: Record<string, string>;
  plan: PublicPlan;
  lang: Language;
}) {
  const { t } = useTranslation(MANUALS_NS);
  const shot = section.shot ? shotUrl(lang, section.shot) : null;
  const heading = fill(section.heading, vars);
  return (
    <Stack gap="sm" component="section" aria-labelledby={section.id} data-testid="manual-section">
      <Group gap={6} wrap="nowrap" align="center">
        <Title order={2} size="h3" id={section.id} style={{ scrollMarginTop: 16 }}>
          {heading}
        </Title>
        <ActionIcon
          component="a"
          href={`#${section.id}`}
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('page.anchor', { heading })}
          className={print.noPrint}
        >
          <IconHash size={14} />
        </ActionIcon>
      </Group>
      {section.body?.map((p) => (
        <Text key={p}>{fill(p, vars)}</Text>
      ))}
      {section.steps && (
        <List type="ordered" spacing={6}>
          {section.steps.map((s) => (
            <List.Item key={s}>{fill(s, vars)}</List.Item>
          ))}
        </List>
      )}
      {section.items && (
        <List spacing={6}>
          {section.items.map((s) => (
            <List.Item key={s}>{fill(s, vars)}</List.Item>
          ))}
        </List>
      )}
      {section.widget && <ManualWidget widget={section.widget} plan={plan} />}
      {section.note && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          {fill(section.note, vars)}
        </Alert>
      )}
      {shot && (
        <Box component="figure" m={0}>
          <Image
            src={shot}
            alt={t('page.shotAlt', { heading })}
            width={SHOT_SIZE.width}
            height={SHOT_SIZE.height}
            radius="md"
            style={{
              border: '1px solid var(--mantine-color-default-border)',
              height: 'auto',
              maxWidth: '100%',
            }}
            data-testid={`shot-${section.shot}`}
          />
          <Text component="figcaption" size="xs" c="dimmed" mt={4}>
            {t('page.shotCaption', { heading })}
          </Text>
        </Box>
      )}
      {section.link && (
        <Anchor component={Link} to={PORTAL_LINKS[section.link]()} size="sm" className={print.noPrint}>
          {t(`links.${section.link}`)} →
        </Anchor>
      )}
    </Stack>
  );
}

/** One manual: the parts it is built from, with the plan and settings its figures come from. */
export function ManualView({
  slug,
  plan,
  company,
}: {
  slug: ManualSlug;
  plan: PublicPlan;
  company: PublicCompany;
}) {
  const { t, i18n } = useTranslation(MANUALS_NS);
  const lang = i18n.language as Language;
  const manual = useManual(slug);
  const vars = manualVars(plan, company, lang, t('whtAnnualised'));
  const { user } = useSession();
  const { hash } = useLocation();

  // A link to a section (/manuals/...#cycle) lands on it once the content is there.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 3 }} className={print.noPrint}>
        <Paper
          component="nav"
          aria-label={t('page.toc')}
          withBorder
          radius="md"
          p="md"
          style={{ position: 'sticky', top: 16 }}
        >
          <Text fw={600} mb="xs">
            {t('page.toc')}
          </Text>
          <List spacing={6} size="sm" listStyleType="none" data-testid="manual-toc">
            {manual.sections.map((s) => (
              <List.Item key={s.id}>
                <Anchor href={`#${s.id}`} size="sm">
                  {fill(s.heading, vars)}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="xl" component="article" className={print.article}>
          {slug === 'calculation_of_bonusIncome' || slug === 'receiving_bonusIncome' ? (
            <PlanVersionNote plan={plan} />
          ) : null}
          {manual.sections.map((s) => (
            <Section key={s.id} section={s} vars={vars} plan={plan} lang={lang} />
          ))}
          <Paper withBorder radius="md" p="md" className={print.noPrint}>
            <Stack gap="xs">
              <Text fw={600}>{t('page.more')}</Text>
              {MANUAL_SLUGS.filter((s) => s !== slug).map((other) => (
                <Anchor key={other} component={Link} to={manualHref[other]()}>
                  {t(`${other}.title`)}
                </Anchor>
              ))}
              <Anchor component={Link} to={paths.tables.href()}>
                {t('links.tables')}
              </Anchor>
              {!user && (
                <Text size="sm" c="dimmed">
                  {t('page.signInNote')}
                </Text>
              )}
            </Stack>
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export function ManualPage({ slug }: { slug: ManualSlug }) {
  const { t } = useTranslation(MANUALS_NS);
  const manual = useManual(slug);
  usePageMeta(manual.title, manual.summary);
  const plan = usePublicPlan();
  const company = useCompanyInfo();
  const { user } = useSession();
  const failed = plan.error ?? company.error;

  return (
    <Stack gap="lg">
      <Breadcrumbs className={print.noPrint}>
        <Anchor component={Link} to={paths.manuals.href()} size="sm">
          {t('index.title')}
        </Anchor>
        <Text size="sm">{manual.title}</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {manual.title}
        </Title>
        <Text c="dimmed">{manual.summary}</Text>
      </Stack>
      <Group gap="sm" className={print.noPrint}>
        <Button
          component={Link}
          to={PORTAL_LINKS[manual.portal]()}
          leftSection={<IconExternalLink size={16} />}
          data-testid="manual-open-portal"
        >
          {t(`links.${manual.portal}`)}
        </Button>
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          {t('page.print')}
        </Button>
        {!user && (
          <Text size="sm" c="dimmed">
            {t('page.signInFirst')}
          </Text>
        )}
      </Group>
      {failed ? (
        <ErrorAlert
          error={failed}
          onRetry={() => {
            void plan.refetch();
            void company.refetch();
          }}
        />
      ) : plan.data && company.data ? (
        <ManualView slug={slug} plan={plan.data} company={company.data} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
