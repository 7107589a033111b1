import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ProfileSectionId } from '../../../lib/paths';

/** One /profile section: its id is the deep link (`/profile#documents`), clear of the 60 px top bar. */
export function SectionCard({
  id,
  title,
  actions,
  children,
}: {
  id: ProfileSectionId;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="lg"
      style={{ scrollMarginTop: 76 }}
      data-testid={`section-${id}`}
    >
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Title order={2} size="h3" id={`${id}-title`}>
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
