import { Alert, Button, Group, Loader, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUserSearch } from '@tabler/icons-react';
import type { EmptySlot } from '@portal/contracts/network';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ui/error-alert';
import { useSlotChoices } from '../../api/slots';
import { fullName } from '../../model/format';
import type { EmptyDatum } from '../../model/tree-model';
import {
  firstModeWithPositions,
  type LocationMode,
  type SlotChoice,
  type WizardState,
} from '../../model/wizard';
import { MemberSearch } from '../member-search';
import { slotLabel, slotValue } from './slot-label';

export interface UplineRef {
  id: number;
  code: string;
  name: string;
}

const QUICK = ['extreme_left', 'extreme_right', 'weaker_leg'] as const;

/** The group's name stays for screen readers; the mode control above already shows it. */
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

const fromTree = (d: EmptyDatum): SlotChoice => ({
  uplineId: d.upline.id,
  uplineCode: d.upline.member_code,
  uplineName: fullName(d.upline),
  position: d.position,
  source: 'tree',
});

const fromApi = (s: EmptySlot, source: LocationMode, quick?: SlotChoice['quick']): SlotChoice => ({
  uplineId: s.upline_member_id,
  uplineCode: s.upline_member_code,
  uplineName: fullName({ first_name: s.upline_first_name, last_name: s.upline_last_name }),
  position: s.position,
  source,
  quick,
});

/** Step 3: where the member goes: an empty slot of the tree, of an upline's slot list, or a quick choice. */
export function StepLocation({
  state,
  treeSlots,
  defaultUpline,
  narrow,
  onMode,
  onAutoMode,
  onPick,
}: {
  state: WizardState;
  treeSlots: EmptyDatum[];
  defaultUpline: UplineRef;
  narrow: boolean;
  onMode: (mode: LocationMode) => void;
  onAutoMode: (mode: LocationMode) => void;
  onPick: (slot: SlotChoice | null) => void;
}) {
  const { t } = useTranslation('organization');
  const [upline, setUpline] = useState<UplineRef>(defaultUpline);
  const [choosingUpline, setChoosingUpline] = useState(false);
  const { mode, slot } = state;
  // Asked in every mode until the opening mode is known: it decides where the step opens.
  const choices = useSlotChoices(mode === 'tree' && state.modeChosen ? null : upline.id);

  // The tree's empty slots, with the slot the wizard started from first.
  const treeChoices = treeSlots.map(fromTree);
  if (state.preset && !treeChoices.some((c) => slotValue(c) === slotValue(state.preset!))) {
    treeChoices.unshift(state.preset);
  }
  const listChoices = (choices.data?.slots ?? []).map((s) => ({ ...fromApi(s, 'list'), level: s.level }));
  // Until the member picks a mode, open on one that has positions (the slot list may be full).
  const opening = state.modeChosen
    ? null
    : firstModeWithPositions({
        tree: treeChoices.length,
        list: choices.data ? choices.data.slots.length : null,
        quick: choices.data ? Object.values(choices.data.quick).filter(Boolean).length : null,
      });
  useEffect(() => {
    if (opening) onAutoMode(opening);
  }, [opening, onAutoMode]);
  const options: (SlotChoice & { level?: number })[] =
    mode === 'tree' ? treeChoices : mode === 'list' ? listChoices : [];

  const selected =
    slot && slot.source === mode ? (mode === 'quick' ? (slot.quick ?? '') : slotValue(slot)) : '';

  return (
    <Stack gap="sm">
      {state.failure === 'slotTaken' && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          data-testid="wizard-error"
        >
          {t('wizard.errors.slotTaken')}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('wizard.location.help')}
      </Text>
      <SegmentedControl
        fullWidth
        orientation={narrow ? 'vertical' : 'horizontal'}
        value={mode}
        onChange={(value) => onMode(value as LocationMode)}
        aria-label={t('wizard.location.modeLabel')}
        data={(['tree', 'list', 'quick'] as const).map((m) => ({
          value: m,
          label: t(`wizard.location.modes.${m}`),
        }))}
        data-testid="wizard-location-mode"
      />

      {mode !== 'tree' && (
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap" justify="space-between">
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="wizard-upline">
              {t('wizard.location.upline', { name: upline.name, code: upline.code })}
            </Text>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconUserSearch size={16} />}
              onClick={() => setChoosingUpline((v) => !v)}
              aria-expanded={choosingUpline}
            >
              {t('wizard.location.changeUpline')}
            </Button>
          </Group>
          {choosingUpline && (
            <MemberSearch
              label={t('wizard.location.uplineSearch')}
              autoFocus
              testId="wizard-upline-search"
              onPick={(hit) => {
                setUpline({ id: hit.id, code: hit.member_code, name: fullName(hit) });
                setChoosingUpline(false);
                onPick(null);
              }}
            />
          )}
        </Stack>
      )}

      {mode === 'tree' && (
        <Text size="sm" c="dimmed">
          {treeChoices.length ? t('wizard.location.treeHelp') : t('wizard.location.treeNone')}
        </Text>
      )}
      {mode === 'list' && choices.data && (
        <Text size="sm" c="dimmed">
          {listChoices.length ? t('wizard.location.listHelp') : t('wizard.location.listNone')}
        </Text>
      )}
      {mode !== 'tree' && choices.isPending && (
        <Group justify="center" py="md">
          <Loader size="sm" />
        </Group>
      )}
      {mode !== 'tree' && choices.isError && (
        <ErrorAlert error={choices.error} onRetry={() => void choices.refetch()} />
      )}

      {mode !== 'quick'
        ? options.length > 0 && (
            <Radio.Group
              value={selected}
              onChange={(value) => onPick(options.find((o) => slotValue(o) === value) ?? null)}
              label={t(`wizard.location.modes.${mode}`)}
              styles={{ label: HIDDEN }}
            >
              <Stack
                gap={6}
                mah={narrow ? undefined : 320}
                style={{ overflowY: narrow ? undefined : 'auto' }}
              >
                {options.map((o) => (
                  <Radio.Card
                    key={slotValue(o)}
                    value={slotValue(o)}
                    radius="md"
                    p="sm"
                    data-testid={`wizard-slot-${slotValue(o)}`}
                  >
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator />
                      <Stack gap={0} miw={0}>
                        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                          {slotLabel(t, o)}
                        </Text>
                        {o.level !== undefined && (
                          <Text size="xs" c="dimmed">
                            {t('wizard.location.slotLevel', { level: o.level })}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            </Radio.Group>
          )
        : choices.data && (
            <Radio.Group
              value={selected}
              onChange={(value) => {
                const key = value as (typeof QUICK)[number];
                const s = choices.data.quick[key];
                onPick(s ? fromApi(s, 'quick', key) : null);
              }}
              label={t('wizard.location.modes.quick')}
              styles={{ label: HIDDEN }}
            >
              <Stack gap={6}>
                {QUICK.map((key) => {
                  const s = choices.data.quick[key];
                  return (
                    <Radio.Card
                      key={key}
                      value={key}
                      radius="md"
                      p="sm"
                      disabled={!s}
                      data-testid={`wizard-quick-${key}`}
                    >
                      <Group wrap="nowrap" align="flex-start" gap="sm">
                        <Radio.Indicator disabled={!s} />
                        <Stack gap={0} miw={0}>
                          <Text size="sm" fw={600}>
                            {t(`wizard.location.quick.${key}`)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t(`wizard.location.quick.${key}Help`)}
                          </Text>
                          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {s ? slotLabel(t, fromApi(s, 'quick')) : t('wizard.location.quick.none')}
                          </Text>
                          {s && (
                            <Text size="xs" c="dimmed">
                              {t('wizard.location.slotLevel', { level: s.level })}
                            </Text>
                          )}
                        </Stack>
                      </Group>
                    </Radio.Card>
                  );
                })}
              </Stack>
            </Radio.Group>
          )}
    </Stack>
  );
}
