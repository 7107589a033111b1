import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A delete button that asks once more in a small popover before it acts. */
export function ConfirmDelete({
  question,
  onConfirm,
  loading,
  disabled,
  testId,
}: {
  question: string;
  onConfirm: () => Promise<unknown> | void;
  loading?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('profile');
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          disabled={disabled}
          onClick={() => setOpened((o) => !o)}
          data-testid={testId}
        >
          {t('actions.delete')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={280}>
        <Stack gap="sm">
          <Text size="sm">{question}</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="compact-sm" variant="default" onClick={() => setOpened(false)}>
              {t('actions.cancel')}
            </Button>
            <Button
              size="compact-sm"
              color="red"
              loading={loading}
              data-testid={testId ? `${testId}-confirm` : undefined}
              onClick={async () => {
                try {
                  await onConfirm();
                } catch {
                  // The caller shows the failure next to the item.
                } finally {
                  setOpened(false);
                }
              }}
            >
              {t('actions.confirmDelete')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
