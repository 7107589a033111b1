import { Badge } from '@mantine/core';
import type { KycItemStatus, KycStatus } from '@portal/contracts/kyc';
import { useTranslation } from 'react-i18next';
import '../../lib/i18n/profile-namespace';

const COLOR: Record<KycStatus, string> = {
  draft: 'gray',
  incomplete_documents: 'yellow',
  incomplete_information: 'yellow',
  waiting_for_review: 'blue',
  in_progress_review: 'indigo',
  success: 'teal',
  fail: 'red',
};

/** A member's KYC status. */
export function KycStatusBadge({ status, size = 'md' }: { status: KycStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('profile');
  return (
    <Badge
      color={COLOR[status] ?? 'gray'}
      variant="light"
      size={size}
      data-testid="kyc-status"
      data-status={status}
    >
      {t(`kycStatus.${status}`)}
    </Badge>
  );
}

/** The status of one document, bank account or KYC part. */
export function ItemStatusBadge({
  status,
  size = 'sm',
}: {
  status: KycItemStatus;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation('profile');
  return (
    <Badge color={COLOR[status] ?? 'gray'} variant="light" size={size} data-status={status}>
      {t(`itemStatus.${status}`)}
    </Badge>
  );
}
