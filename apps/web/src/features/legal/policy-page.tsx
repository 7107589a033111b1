import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import type { Language } from '../../lib/preferences';
import { useCompanyInfo } from '../../lib/public-info';
import { LegalDocument } from './legal-document';
import { LEGAL_NS } from './legal-namespace';

/** How to reach the company about one's data: from the company file (apps/api/company.json). */
function Contact() {
  const { t, i18n } = useTranslation(LEGAL_NS);
  const lang = i18n.language as Language;
  const company = useCompanyInfo();
  return (
    <Stack gap="xs" component="section" data-testid="policy-contact">
      <Title order={2} size="h4">
        {t('policy.contactTitle')}
      </Title>
      {company.isPending ? (
        <PageLoader />
      ) : company.isError ? (
        <ErrorAlert error={company.error} onRetry={() => void company.refetch()} />
      ) : (
        <Text>
          {t('policy.contactBody', {
            email: company.data.email,
            phone: company.data.phone,
            name: company.data.name[lang],
            address: company.data.address[lang],
          })}
        </Text>
      )}
    </Stack>
  );
}

/** The privacy notice (decision 044): plain words, its version and date, the company's contact. */
export default function PolicyPage() {
  return (
    <LegalDocument doc="policy">
      <Contact />
    </LegalDocument>
  );
}
