import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { theme } from './theme';

const ToastHost = lazy(() => import('./toast-host'));

/**
 * The toasts' container and its animations load with the first toast (`notifications.show()`
 * anywhere): the sign-in page shows none, so its first scripts do not carry them.
 */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

/** Around the whole portal. react-query is provided below, by the pages that use it (query-layout). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Toasts />
      {children}
    </MantineProvider>
  );
}
