import { Alert, Anchor, Text } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import classes from './kyc-reminder.module.css';

/** Spec section 9: the KYC icon re-flashes every 6 seconds. */
export const KYC_FLASH_INTERVAL_MS = 6_000;

export function KycReminder({ identity, bank }: { identity: boolean; bank: boolean }) {
  const { t } = useTranslation('shell');
  // A new key remounts the icon, which restarts its CSS animation.
  const [flash, setFlash] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFlash((n) => n + 1), KYC_FLASH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  if (identity && bank) return null;
  const missing = !identity && !bank ? 'both' : !identity ? 'identity' : 'bank';
  return (
    <Alert
      color="blue"
      variant="light"
      icon={
        <span key={flash} className={classes.flash} data-testid="kyc-reminder-icon">
          <IconId size={20} />
        </span>
      }
      title={t('kyc.title')}
      data-testid="kyc-reminder"
    >
      <Text size="sm">
        {t(`kyc.missing.${missing}`)}{' '}
        <Anchor component={Link} to={paths.profileDocuments.href()} size="sm" fw={600}>
          {t('kyc.action')}
        </Anchor>
      </Text>
    </Alert>
  );
}
