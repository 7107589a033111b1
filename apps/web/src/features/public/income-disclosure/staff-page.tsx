import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PUBLIC_NS } from '../public-namespace';
import { downloadIncomeDisclosureCsv, useDisclosureYears, useIncomeDisclosure } from './api';
import { DisclosureView, useChosenYear, YearPicker } from './disclosure-view';

/**
 * /staff/income_disclosure, on the staff desk: the public income disclosure of a closed year as
 * members read it, and its CSV (the same figures) to download with the staff member's token.
 */
export default function StaffIncomeDisclosurePage() {
  const { t } = useTranslation(PUBLIC_NS);
  useDocumentTitle(t('disclosure.staff.title'));
  const years = useDisclosureYears();
  const [year, setYear] = useChosenYear(years.data?.years);
  const disclosure = useIncomeDisclosure(year);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);

  const download = async (y: number) => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadIncomeDisclosureCsv(y);
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
        <Anchor component={Link} to={paths.incomeDisclosure.href(year ?? undefined)} size="sm">
          {t('disclosure.staff.publicPage')}
        </Anchor>
      </Stack>
      {years.isPending ? (
        <PageLoader />
      ) : years.isError ? (
        <ErrorAlert error={years.error} onRetry={() => void years.refetch()} />
      ) : year === null ? (
        <Alert color="gray" data-testid="disclosure-none">
          {t('disclosure.none')}
        </Alert>
      ) : (
        <>
          <Group align="end" gap="sm">
            <YearPicker years={years.data.years} year={year} onChange={setYear} />
            <Button
              leftSection={<IconDownload size={16} />}
              loading={downloading}
              onClick={() => void download(year)}
              data-testid="disclosure-download"
            >
              {t('disclosure.staff.download')}
            </Button>
          </Group>
          {downloadError !== null && <ErrorAlert error={downloadError} />}
          {disclosure.isPending ? (
            <PageLoader />
          ) : disclosure.isError ? (
            <ErrorAlert error={disclosure.error} onRetry={() => void disclosure.refetch()} />
          ) : (
            <DisclosureView d={disclosure.data} />
          )}
        </>
      )}
    </Stack>
  );
}
