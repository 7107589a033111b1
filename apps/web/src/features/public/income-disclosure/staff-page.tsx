import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PUBLIC_NS } from '../public-namespace';
import { downloadIncomeDisclosureCsv } from './api';
import { DisclosureOfYear } from './year-choice';

/**
 * /staff/income_disclosure, on the staff desk: the public income disclosure of a closed year as
 * members read it, and its CSV (the same figures) to download with the staff member's token.
 */
export default function StaffIncomeDisclosurePage() {
  const { t } = useTranslation(PUBLIC_NS);
  useDocumentTitle(t('disclosure.staff.title'));
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);

  const download = async (year: number) => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadIncomeDisclosureCsv(year);
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('disclosure.staff.title')}
        </Title>
        <Text c="dimmed">{t('disclosure.staff.subtitle')}</Text>
      </Stack>
      {downloadError !== null && <ErrorAlert error={downloadError} />}
      <DisclosureOfYear
        action={(year) => (
          <>
            <Button
              leftSection={<IconDownload size={16} />}
              loading={downloading}
              onClick={() => void download(year)}
              data-testid="disclosure-download"
            >
              {t('disclosure.staff.download')}
            </Button>
            <Anchor component={Link} to={paths.incomeDisclosure.href(year)} size="sm" pb={8}>
              {t('disclosure.staff.publicPage')}
            </Anchor>
          </>
        )}
      />
    </Stack>
  );
}
