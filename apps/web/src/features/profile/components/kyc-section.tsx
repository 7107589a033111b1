import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconSend } from '@tabler/icons-react';
import type { KycChecklistItem, KycOverview, KycTarget, ProfileSection } from '@portal/contracts/kyc';
import { useTranslation } from 'react-i18next';
import { kycReasonText } from '../../../components/kyc/kyc-reason';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate } from '../../../lib/i18n/dates';
import { useDescribeError } from '../../../lib/i18n/messages';
import { paths, type ProfileSectionId } from '../../../lib/paths';
import type { Language } from '../../../lib/preferences';
import { useSubmitKyc } from '../api/kyc';
import { SectionCard } from './section-card';
import { ItemStatusBadge, KycStatusBadge } from '../../../components/kyc/status-badge';
import { toastSaved } from './toasts';

/** The checklist names the API's sections; the page's ids follow the brief (#bank). */
export const SECTION_OF: Record<ProfileSection, ProfileSectionId> = {
  information: 'information',
  addresses: 'addresses',
  banks: 'bank',
  documents: 'documents',
};

type Hint = 'missing' | 'waiting' | 'reviewing' | 'complete' | 'ready' | 'fixFirst';

/** Why the submit button is (not) available, in one sentence. */
export function submitHint(kyc: KycOverview): Hint {
  if (kyc.status === 'success') return 'complete';
  if (kyc.status === 'waiting_for_review') return 'waiting';
  if (kyc.status === 'in_progress_review') return 'reviewing';
  if (kyc.missing.length > 0) return 'missing';
  if (kyc.can_submit) return kyc.status === 'fail' ? 'fixFirst' : 'ready';
  return 'missing';
}

function Part({ kyc, target }: { kyc: KycOverview; target: KycTarget }) {
  const { t } = useTranslation('profile');
  const part = kyc[target];
  return (
    <Paper withBorder p="md" radius="md" data-testid={`kyc-part-${target}`} data-status={part.status}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{t(`kyc.${target}`)}</Text>
          {part.verified ? (
            <Group gap={4} c="teal.8">
              <IconCircleCheck size={18} />
              <Text size="sm" fw={600}>
                {t('kyc.verified')}
              </Text>
            </Group>
          ) : (
            <ItemStatusBadge status={part.status} />
          )}
        </Group>
        {part.reason && (
          <Alert color="red" variant="light" p="xs" data-testid={`kyc-reason-${target}`}>
            {t('kyc.reason', { reason: kycReasonText(t, part) })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function ChecklistItem({ item }: { item: KycChecklistItem }) {
  const { t } = useTranslation('profile');
  const section = SECTION_OF[item.section];
  return (
    <List.Item
      data-testid={`kyc-item-${item.key}`}
      data-done={item.done}
      icon={
        <ThemeIcon size={22} radius="xl" variant="light" color={item.done ? 'teal' : 'gray'}>
          {item.done ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
        </ThemeIcon>
      }
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{t(`kyc.items.${item.key}`)}</Text>
        <Text size="xs" c={item.done ? 'teal.8' : 'dimmed'}>
          {item.done ? t('kyc.done') : t('kyc.missing')}
        </Text>
        {!item.done && (
          <Anchor component={Link} to={paths.profile.href(section)} size="sm">
            {t('kyc.goTo', { section: t(`sections.${section}`) })}
          </Anchor>
        )}
      </Group>
    </List.Item>
  );
}

export function KycSection({
  kyc,
  error,
  onRetry,
  lang,
}: {
  kyc: KycOverview | undefined;
  error: unknown;
  onRetry: () => void;
  lang: Language;
}) {
  const { t } = useTranslation('profile');
  const describe = useDescribeError();
  const submit = useSubmitKyc();

  const body = () => {
    if (error) return <ErrorAlert error={error} onRetry={onRetry} />;
    if (!kyc) return <Skeleton height={160} radius="md" />;
    const hint = submitHint(kyc);
    const byTarget = (target: KycTarget) => kyc.checklist.filter((i) => i.target === target);
    return (
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('kyc.status')}
          </Text>
          <KycStatusBadge status={kyc.status} size="lg" />
          {kyc.submitted_at && (
            <Text size="xs" c="dimmed">
              {t('kyc.submittedAt', { date: formatDate(kyc.submitted_at, lang, 'dateTime') })}
            </Text>
          )}
        </Group>
        {kyc.deadline && kyc.status !== 'success' && (
          <Text size="sm" c="orange.9" data-testid="kyc-deadline">
            {t('kyc.deadline', { date: formatDate(kyc.deadline, lang, 'long') })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Part kyc={kyc} target="identity" />
          <Part kyc={kyc} target="bank" />
        </SimpleGrid>
        <Stack gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{t('kyc.checklistTitle')}</Text>
            <Text size="sm" c={kyc.missing.length ? 'orange.9' : 'teal.8'} data-testid="kyc-missing-count">
              {kyc.missing.length ? t('kyc.missingCount', { count: kyc.missing.length }) : t('kyc.allDone')}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {(['identity', 'bank'] as const).map((target) => (
              <Stack key={target} gap={6}>
                <Text size="sm" c="dimmed" fw={500}>
                  {t(`kyc.${target}`)}
                </Text>
                <List spacing={6} center>
                  {byTarget(target).map((item) => (
                    <ChecklistItem key={item.key} item={item} />
                  ))}
                </List>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
        {submit.error && (
          <Alert color="red" variant="light" role="alert">
            {describe(submit.error)}
          </Alert>
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 200 }} data-testid="kyc-hint">
            {t(`kyc.submitHint.${hint}`)}
          </Text>
          {kyc.status !== 'success' && (
            <Button
              leftSection={<IconSend size={16} />}
              disabled={!kyc.can_submit}
              loading={submit.isPending}
              onClick={() => submit.mutate(undefined, { onSuccess: () => toastSaved(t('kyc.submitted')) })}
              data-testid="kyc-submit"
            >
              {t('kyc.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  };

  return (
    <SectionCard id="kyc" title={t('kyc.title')}>
      {body()}
    </SectionCard>
  );
}
