import { Alert, Checkbox, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDescribeError } from '../../../../lib/i18n/messages';
import { fullName } from '../../model/format';
import type { WizardState } from '../../model/wizard';
import { Row } from './step-member';

/** Step 4: what will happen, and the required tick that it is correct (spec section 5). */
export function StepConfirm({
  state,
  onConfirmed,
}: {
  state: WizardState;
  onConfirmed: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation('organization');
  const describe = useDescribeError();
  const { member, slot } = state;
  if (!member || !slot) return null;
  const failure =
    state.failure === 'forbidden' || state.failure === 'suspended'
      ? t(`wizard.errors.${state.failure}`)
      : state.failure === 'other'
        ? describe(state.error)
        : null;
  return (
    <Stack gap="sm">
      {failure && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          data-testid="wizard-error"
        >
          {failure}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('wizard.confirm.help')}
      </Text>
      <Paper withBorder radius="md" p="md" data-testid="wizard-confirm-summary">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Row label={t('wizard.confirm.member')}>{`${fullName(member)} (${member.member_code})`}</Row>
          <Row label={t('wizard.confirm.upline')}>
            {slot.uplineName ? `${slot.uplineName} (${slot.uplineCode})` : slot.uplineCode}
          </Row>
          <Row label={t('wizard.confirm.side')}>{t(`sides.${slot.position}`)}</Row>
        </SimpleGrid>
      </Paper>
      <Checkbox
        checked={state.confirmed}
        onChange={(e) => onConfirmed(e.currentTarget.checked)}
        label={t('wizard.confirm.check')}
        description={state.confirmed ? undefined : t('wizard.confirm.checkRequired')}
        data-testid="wizard-confirm-check"
        styles={{ label: { lineHeight: 1.55 } }}
      />
    </Stack>
  );
}
