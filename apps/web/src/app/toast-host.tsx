import { Notifications } from '@mantine/notifications';
import classes from './theme.module.css';

/** Spec section 9: notifications close after 5 s. */
export const NOTIFICATION_AUTO_CLOSE_MS = 5_000;

export default function ToastHost() {
  return (
    // Below the portal's 60 px top bar, so a toast never covers the user menu while it shows.
    <Notifications
      autoClose={NOTIFICATION_AUTO_CLOSE_MS}
      position="top-right"
      classNames={{ root: classes.notifications }}
    />
  );
}
