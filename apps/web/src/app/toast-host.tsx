import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import classes from './theme.module.css';

/** Spec section 9: notifications close after 5 s. */
export const NOTIFICATION_AUTO_CLOSE_MS = 5_000;

/** Phones: a toast at the top covered what the next page shows first (the order's payment card). */
export const PHONE_TOAST_QUERY = '(max-width: 36em)';

export default function ToastHost() {
  const phone = useMediaQuery(PHONE_TOAST_QUERY);
  return (
    // Below the portal's 60 px top bar, so a toast never covers the user menu while it shows; at
    // the bottom of a phone's screen, under the thumb and away from the page's first card.
    <Notifications
      autoClose={NOTIFICATION_AUTO_CLOSE_MS}
      position={phone ? 'bottom-center' : 'top-right'}
      classNames={{ root: classes.notifications }}
    />
  );
}
