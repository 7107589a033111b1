import { Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconBinaryTree2, IconCheck, IconUserPlus } from '@tabler/icons-react';
import { useCallback, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../lib/preferences';
import { usePlaceMember } from '../../api/placement';
import type { EmptyDatum } from '../../model/tree-model';
import {
  canConfirm,
  canGoTo,
  initialWizard,
  placementFailure,
  WIZARD_STEPS,
  wizardReducer,
  type LocationMode,
  type SlotChoice,
  type WizardStep,
} from '../../model/wizard';
import { StepConfirm } from './step-confirm';
import { StepFinished } from './step-finished';
import { StepLocation, type UplineRef } from './step-location';
import { StepMember } from './step-member';
import { StepSearch } from './step-search';
import { useNarrow } from '../../../../lib/use-narrow';

/**
 * The add-downline wizard of the spec: search new member → select member → specify location →
 * confirm → finished. Mounted fresh each time it opens, so every run starts clean.
 */
export function AddMemberWizard({
  preset,
  treeSlots,
  defaultUpline,
  lang,
  onClose,
  onViewInTree,
}: {
  preset: SlotChoice | null;
  treeSlots: EmptyDatum[];
  defaultUpline: UplineRef;
  lang: Language;
  onClose: () => void;
  onViewInTree: (uplineId: number, memberId: number) => void;
}) {
  const { t } = useTranslation('organization');
  const narrow = useNarrow('xs');
  const [state, dispatch] = useReducer(wizardReducer, preset, initialWizard);
  const place = usePlaceMember();
  const autoMode = useCallback((mode: LocationMode) => dispatch({ type: 'autoMode', mode }), []);

  const submit = () => {
    if (!canConfirm(state) || !state.member || !state.slot) return;
    place.mutate(
      {
        member_id: state.member.id,
        upline_member_id: state.slot.uplineId,
        position: state.slot.position,
        confirm: true,
      },
      {
        onSuccess: (result) => dispatch({ type: 'placed', result }),
        onError: (error) => dispatch({ type: 'failed', failure: placementFailure(error), error }),
      },
    );
  };

  const step = state.step;
  const back = () => dispatch({ type: 'goTo', step: (step - 1) as WizardStep });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('wizard.title')}
      size="xl"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': t('wizard.close') }}
      closeOnClickOutside={!place.isPending}
      data-testid="wizard"
    >
      <Stack gap="md">
        <Stepper
          active={step}
          onStepClick={(s) => dispatch({ type: 'goTo', step: s as WizardStep })}
          size="sm"
          iconSize={narrow ? 28 : 34}
          allowNextStepsSelect={false}
          wrap={false}
        >
          {WIZARD_STEPS.map((key, i) => (
            <Stepper.Step
              key={key}
              label={narrow ? undefined : t(`wizard.steps.${key}`)}
              aria-label={t(`wizard.steps.${key}`)}
              allowStepSelect={canGoTo(state, i as WizardStep)}
              data-testid={`wizard-step-${key}`}
            />
          ))}
        </Stepper>
        {/* The stepper shows no labels on a phone: name the current step here instead. */}
        <Stack gap={0} hiddenFrom="xs" aria-live="polite">
          <Text size="xs" c="dimmed">
            {t('wizard.stepOf', { step: step + 1, total: WIZARD_STEPS.length })}
          </Text>
          <Text fw={600} size="lg" data-testid="wizard-step-title">
            {t(`wizard.steps.${WIZARD_STEPS[step]}`)}
          </Text>
        </Stack>

        {step === 0 && (
          <StepSearch
            lang={lang}
            memberGone={state.failure === 'memberGone'}
            onPick={(member) => dispatch({ type: 'pickMember', member })}
          />
        )}
        {step === 1 && state.member && <StepMember member={state.member} lang={lang} />}
        {step === 2 && (
          <StepLocation
            state={state}
            treeSlots={treeSlots}
            defaultUpline={defaultUpline}
            narrow={narrow}
            onMode={(mode) => dispatch({ type: 'setMode', mode })}
            onAutoMode={autoMode}
            onPick={(slot) => dispatch({ type: 'pickSlot', slot })}
          />
        )}
        {step === 3 && (
          <StepConfirm
            state={state}
            onConfirmed={(confirmed) => dispatch({ type: 'setConfirmed', confirmed })}
          />
        )}
        {step === 4 && state.result && <StepFinished result={state.result} />}

        <Group justify="space-between" gap="sm" wrap="wrap" mt="xs">
          {step > 0 && step < 4 ? (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={back}
              disabled={place.isPending}
            >
              {step === 1 ? t('wizard.member.change') : t('wizard.back')}
            </Button>
          ) : (
            <span />
          )}
          {step === 1 && (
            <Button
              rightSection={<IconArrowRight size={16} />}
              onClick={() => dispatch({ type: 'toLocation' })}
              data-testid="wizard-next"
            >
              {t('wizard.next')}
            </Button>
          )}
          {step === 2 && (
            <Stack gap={4} align="flex-end">
              <Button
                rightSection={<IconArrowRight size={16} />}
                disabled={!state.slot}
                onClick={() => dispatch({ type: 'toConfirm' })}
                data-testid="wizard-next"
              >
                {t('wizard.next')}
              </Button>
              {!state.slot && (
                <Text size="xs" c="dimmed">
                  {t('wizard.location.choose')}
                </Text>
              )}
            </Stack>
          )}
          {step === 3 && (
            <Button
              leftSection={<IconCheck size={16} />}
              disabled={!canConfirm(state)}
              loading={place.isPending}
              onClick={submit}
              data-testid="wizard-submit"
            >
              {t('wizard.confirm.submit')}
            </Button>
          )}
          {step === 4 && state.result && (
            <Group gap="sm" wrap="wrap" justify="center" style={{ flex: 1 }}>
              <Button
                leftSection={<IconBinaryTree2 size={16} />}
                onClick={() => onViewInTree(state.result!.upline.id, state.result!.member.id)}
                data-testid="wizard-view-in-tree"
              >
                {t('wizard.finished.view')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconUserPlus size={16} />}
                onClick={() => dispatch({ type: 'addAnother' })}
                data-testid="wizard-add-another"
              >
                {t('wizard.finished.another')}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
