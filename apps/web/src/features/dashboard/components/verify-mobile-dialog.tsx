import { Loader, Modal } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// The code's screens (six boxes, delivery, resend) load when the dialog first opens, not with the
// dashboard: most members never need them.
const VerifyMobileSteps = lazy(() => import('./verify-mobile-steps'));

/**
 * "Verify your mobile" for a member who verified their account by e-mail (issue 23, item 2: the
 * first steps' verify step): a code by SMS to the mobile on the account, then the six boxes.
 */
export function VerifyMobileDialog({
  opened,
  onClose,
  mobile,
}: {
  opened: boolean;
  onClose: () => void;
  mobile: string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal opened={opened} onClose={onClose} title={t('verifyMobile.title')} centered>
      {opened && (
        <Suspense fallback={<Loader size="sm" aria-label={t('verifyMobile.loading')} />}>
          <VerifyMobileSteps mobile={mobile} onDone={onClose} />
        </Suspense>
      )}
    </Modal>
  );
}
