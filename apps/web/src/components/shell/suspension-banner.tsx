import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconLock } from '@tabler/icons-react';
import type { SuspensionEntry } from '@portal/contracts/identity';
import { useTranslation } from 'react-i18next';

const LOOK: Record<SuspensionEntry['status'], { color: string; Icon: typeof IconLock }> = {
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  active: { color: 'red', Icon: IconLock },
  done: { color: 'red', Icon: IconLock },
  cancelled: { color: 'teal', Icon: IconInfoCircle },
};

/** Shows the newest suspension entry in the member's language, coloured by its status. */
export function SuspensionBanner({ entries }: { entries: readonly SuspensionEntry[] | null | undefined }) {
  const { t, i18n } = useTranslation('shell');
  const entry = entries?.[0];
  if (!entry) return null;
  const { color, Icon } = LOOK[entry.status] ?? LOOK.warning;
  const message =
    i18n.language === 'th' ? entry.message_th || entry.message : entry.message || entry.message_th;
  return (
    <Alert
      color={color}
      variant="light"
      icon={<Icon size={20} />}
      title={t(`suspension.${entry.status}`)}
      role={entry.status === 'cancelled' ? 'status' : 'alert'}
      data-testid="suspension-banner"
      data-status={entry.status}
    >
      {message}
    </Alert>
  );
}
