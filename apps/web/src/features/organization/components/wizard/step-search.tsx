import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import type { PlaceableMember } from '@portal/contracts/network';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ui/error-alert';
import { PageLinks } from '../../../../components/ui/page-links';
import { PageLoader } from '../../../../components/ui/page-loader';
import { formatDate } from '../../../../lib/i18n/dates';
import type { Language } from '../../../../lib/preferences';
import { useNewMembers } from '../../api/new-members';
import { fullName } from '../../model/format';
import { MemberAvatar } from '../member-avatar';

/** Step 1: the members waiting to be placed, searchable, each with referrer and register date. */
export function StepSearch({
  lang,
  memberGone,
  onPick,
}: {
  lang: Language;
  memberGone: boolean;
  onPick: (member: PlaceableMember) => void;
}) {
  const { t } = useTranslation('organization');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(query.trim(), 300);
  const list = useNewMembers(debounced, page);

  return (
    <Stack gap="sm">
      {memberGone && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          data-testid="wizard-error"
        >
          {t('wizard.errors.memberGone')}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('wizard.search.help')}
      </Text>
      <TextInput
        label={t('wizard.search.label')}
        placeholder={t('wizard.search.placeholder')}
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setPage(1);
        }}
        data-autofocus
        data-testid="wizard-search"
      />
      {list.isPending ? (
        <PageLoader minHeight={160} />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="wizard-search-empty">
          {debounced ? t('wizard.search.noneMatch') : t('wizard.search.none')}
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-busy={list.isPlaceholderData}
        >
          {list.data.items.map((m) => (
            <Paper
              component="li"
              key={m.id}
              withBorder
              radius="md"
              p="sm"
              data-testid={`wizard-candidate-${m.id}`}
            >
              <Group gap="sm" wrap="wrap" justify="space-between">
                <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 220px', minWidth: 0 }}>
                  <MemberAvatar member={m} size={40} />
                  <Stack gap={0} miw={0}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {fullName(m)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {m.member_code}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {m.referrer
                        ? t('wizard.search.referrer', {
                            name: fullName(m.referrer),
                            code: m.referrer.member_code,
                          })
                        : t('wizard.search.noReferrer')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('wizard.search.registered', { date: formatDate(m.register_date, lang) })}
                    </Text>
                  </Stack>
                </Group>
                <Button
                  size="sm"
                  variant="light"
                  onClick={() => onPick(m)}
                  data-testid={`wizard-pick-${m.id}`}
                >
                  {t('wizard.search.select')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {list.data && <PageLinks page={page} total={list.data.pagination.last_page} onChange={setPage} />}
    </Stack>
  );
}
