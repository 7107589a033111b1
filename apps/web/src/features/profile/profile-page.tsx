import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useIsFetching } from '@tanstack/react-query';
import { suspensionKind } from '@portal/contracts/identity';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/auth/use-session';
import { paths, PROFILE_SECTIONS, type ProfileSectionId } from '../../lib/paths';
import { isLanguage } from '../../lib/preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import { queryKeys } from '../../lib/query-keys';
import { useKyc } from './api/kyc';
import { useProfileMe } from './api/me';
import { AddressSections } from './components/address-sections';
import { BankSection } from './components/bank-section';
import { DocumentsSection } from './components/documents-section';
import { InformationSection } from './components/information-section';
import { KycSection } from './components/kyc-section';
import { NetworkFacts } from './components/network-facts';
import { ProfileHeader } from './components/profile-header';
import { useScrollToHash } from './model/scroll';
import '../../lib/i18n/profile-namespace';

function SectionLinks({ sections }: { sections: readonly ProfileSectionId[] }) {
  const { t } = useTranslation('profile');
  const { hash } = useLocation();
  return (
    <Group component="nav" aria-label={t('sections.label')} gap={6} wrap="wrap" data-testid="profile-nav">
      {sections.map((id) => (
        <Button
          key={id}
          component={Link}
          to={paths.profile.href(id)}
          size="compact-sm"
          variant={hash === `#${id}` ? 'light' : 'subtle'}
          color={hash === `#${id}` ? 'brand' : 'gray'}
          aria-current={hash === `#${id}` ? 'location' : undefined}
          data-testid={`profile-nav-${id}`}
        >
          {t(`sections.${id}`)}
        </Button>
      ))}
    </Group>
  );
}

/**
 * /profile: information, home and shipping addresses, bank accounts, documents and KYC, each
 * with a deep link, plus the member's network facts. A staff account (no member record) sees its
 * own information only; a member suspended for KYC sees everything KYC asks for, not the network facts.
 */
export default function ProfilePage() {
  const { t, i18n } = useTranslation('profile');
  useDocumentTitle(t('title'));
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  const { user } = useSession();
  // Read the user again: staff may have decided since sign-in (the KYC reminder follows).
  useProfileMe();
  const hasMember = Boolean(user?.member);
  const kyc = useKyc(hasMember);
  const loading = useIsFetching({ queryKey: queryKeys.profile.all }) > 0;
  useScrollToHash(!loading && (!hasMember || kyc.data !== undefined || kyc.error !== null));

  if (!user) return null;
  const overview = kyc.data;
  const underReview = overview?.status === 'waiting_for_review' || overview?.status === 'in_progress_review';
  const kycOnly = suspensionKind(user.member?.suspension) === 'kyc';
  const sections = hasMember ? PROFILE_SECTIONS : (['information'] as const);

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </Stack>
      <SectionLinks sections={sections} />
      <ProfileHeader user={user} kycStatus={overview?.status} />
      {hasMember && !kycOnly && <NetworkFacts lang={lang} />}
      <InformationSection user={user} kyc={overview} lang={lang} />
      {hasMember && (
        <>
          <AddressSections lang={lang} />
          <BankSection user={user} lang={lang} underReview={underReview} />
          <DocumentsSection underReview={underReview} missing={overview?.missing ?? []} />
          <KycSection kyc={overview} error={kyc.error} onRetry={() => void kyc.refetch()} lang={lang} />
        </>
      )}
    </Stack>
  );
}
