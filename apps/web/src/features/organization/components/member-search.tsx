import { Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { DownlineSearchHit } from '@portal/contracts/network';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownlineSearch } from '../api/downline-search';
import { fullName } from '../model/format';
import { MemberAvatar } from './member-avatar';

const DEBOUNCE_MS = 250;

/** Autocomplete over my downline (GET /member_downline/search); picking a hit calls onPick. */
export function MemberSearch({
  label,
  placeholder,
  onPick,
  autoFocus,
  testId = 'org-search',
}: {
  label: string;
  placeholder?: string;
  onPick: (hit: DownlineSearchHit) => void;
  autoFocus?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('organization');
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const search = useDownlineSearch(debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const hits = debounced ? (search.data?.items ?? []) : [];
  const waiting = query.trim() !== debounced || search.isFetching;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const hit = hits.find((h) => String(h.id) === value);
        combobox.closeDropdown();
        setQuery('');
        if (hit) onPick(hit);
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder ?? t('search.placeholder')}
          value={query}
          autoFocus={autoFocus}
          leftSection={<IconSearch size={16} />}
          rightSection={waiting && query.trim() ? <Loader size={16} /> : null}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid={testId}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!query.trim()}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label={label}>
          {hits.map((hit) => (
            <Combobox.Option value={String(hit.id)} key={hit.id} data-testid={`${testId}-hit-${hit.id}`}>
              <Group gap="sm" wrap="nowrap">
                <MemberAvatar member={hit} size={30} />
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {fullName(hit)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[hit.member_code, hit.business_title ?? hit.package].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
              </Group>
            </Combobox.Option>
          ))}
          {hits.length === 0 && (
            <Combobox.Empty>{waiting ? t('search.searching') : t('search.none')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
