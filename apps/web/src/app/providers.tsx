import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';
import { theme } from './theme';
import classes from './theme.module.css';

/** Spec section 9: notifications close after 5 s. */
export const NOTIFICATION_AUTO_CLOSE_MS = 5_000;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Below the portal's 60 px top bar, so a toast never covers the user menu while it shows. */}
      <Notifications
        autoClose={NOTIFICATION_AUTO_CLOSE_MS}
        position="top-right"
        classNames={{ root: classes.notifications }}
      />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
