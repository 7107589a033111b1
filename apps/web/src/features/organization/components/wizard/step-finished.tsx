import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { PlacementResult } from '@portal/contracts/network';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../model/format';

/** Step 5: done; the buttons below lead to the tree or to another placement. */
export function StepFinished({ result }: { result: PlacementResult }) {
  const { t } = useTranslation('organization');
  return (
    <Stack align="center" gap="xs" py="md" ta="center" data-testid="wizard-finished">
      <ThemeIcon size={56} radius="xl" color="teal" variant="light">
        <IconCircleCheck size={36} />
      </ThemeIcon>
      <Title order={3} size="h4">
        {t('wizard.finished.title')}
      </Title>
      <Text style={{ overflowWrap: 'anywhere' }}>
        {t('wizard.finished.message', {
          member: `${fullName(result.member)} (${result.member.member_code})`,
          side: t(`sideWords.${result.position}`),
          upline: `${fullName(result.upline)} (${result.upline.member_code})`,
        })}
      </Text>
    </Stack>
  );
}
