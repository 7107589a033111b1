import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconMailForward } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const KINDS = {
  success: { color: 'teal', Icon: IconCircleCheck },
  error: { color: 'red', Icon: IconAlertTriangle },
  info: { color: 'blue', Icon: IconInfoCircle },
  mail: { color: 'brand', Icon: IconMailForward },
} as const;

/** The end state of an auth step: what happened and what to do next. */
export function AuthResult({
  kind,
  title,
  children,
  actions,
}: {
  kind: keyof typeof KINDS;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { color, Icon } = KINDS[kind];
  return (
    <Stack align="center" gap="md" ta="center" role={kind === 'error' ? 'alert' : 'status'}>
      <ThemeIcon size={56} radius="xl" variant="light" color={color}>
        <Icon size={32} />
      </ThemeIcon>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children && (
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      )}
      {actions && (
        <Stack gap="xs" w="100%">
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
