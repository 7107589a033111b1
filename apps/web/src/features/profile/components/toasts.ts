import { notifications } from '@mantine/notifications';

/** A short success note (the portal shows failures in place, next to what failed). */
export function toastSaved(message: string): void {
  notifications.show({ color: 'teal', message });
}
