import './share-namespace';
import { Alert, Anchor, Button, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconBrandLine, IconDownload, IconQrcode, IconShare } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canWebShare, lineShareUrl, qrPngOf } from './share-model';

const QR_SIZE = 200;

/**
 * Sharing a link (issue 23, item 3): a share button, the system's share sheet where the browser has
 * the Web Share API and LINE's share page otherwise, and the link as a QR code that can be
 * downloaded as a PNG image. The QR library loads only when the code is first shown.
 */
export function ShareLink({
  url,
  kind,
  fileName,
  testId,
}: {
  url: string;
  /** whose texts the share sheet gets */
  kind: 'invitation' | 'shop';
  /** the downloaded image's name, without ".png" */
  fileName: string;
  testId: string;
}) {
  const { t } = useTranslation('share');
  const [qrOpen, setQrOpen] = useState(false);
  const webShare = canWebShare(typeof navigator === 'undefined' ? undefined : navigator);

  const share = () => {
    // A closed share sheet rejects with AbortError; nothing to say then.
    navigator.share({ title: t(`${kind}.title`), text: t(`${kind}.text`), url }).catch(() => undefined);
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        {webShare ? (
          <Button
            variant="light"
            leftSection={<IconShare size={18} />}
            onClick={share}
            data-testid={`${testId}-share`}
          >
            {t('share')}
          </Button>
        ) : (
          <Button
            component="a"
            href={lineShareUrl(url)}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            color="green"
            leftSection={<IconBrandLine size={18} />}
            data-testid={`${testId}-line`}
          >
            {t('line')}
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconQrcode size={18} />}
          onClick={() => setQrOpen((o) => !o)}
          aria-expanded={qrOpen}
          data-testid={`${testId}-qr-toggle`}
        >
          {qrOpen ? t('qrHide') : t('qrShow')}
        </Button>
      </Group>
      {qrOpen && <QrCode url={url} fileName={fileName} testId={testId} />}
    </Stack>
  );
}

function QrCode({ url, fileName, testId }: { url: string; fileName: string; testId: string }) {
  const { t } = useTranslation('share');
  const [png, setPng] = useState<{ url: string; data: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    qrPngOf(url).then(
      (data) => live && setPng({ url, data }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [url]);

  if (failed) return <Alert color="red">{t('qrFailed')}</Alert>;
  const data = png?.url === url ? png.data : null;
  return (
    <Group gap="md" align="center" wrap="wrap">
      {data ? (
        <Image
          src={data}
          alt={t('qrAlt', { url })}
          w={QR_SIZE}
          h={QR_SIZE}
          radius="sm"
          style={{ border: '1px solid var(--mantine-color-gray-3)', imageRendering: 'pixelated' }}
          data-testid={`${testId}-qr`}
        />
      ) : (
        <Group w={QR_SIZE} h={QR_SIZE} justify="center">
          <Loader size="sm" aria-label={t('qrLoading')} />
        </Group>
      )}
      <Stack gap="xs" style={{ flex: '1 1 160px' }}>
        <Text size="sm" c="dimmed">
          {t('qrHelp')}
        </Text>
        {data && (
          <Anchor
            href={data}
            download={`${fileName}.png`}
            size="sm"
            fw={600}
            data-testid={`${testId}-qr-download`}
          >
            <Group gap={6} wrap="nowrap" component="span">
              <IconDownload size={18} />
              {t('download')}
            </Group>
          </Anchor>
        )}
      </Stack>
    </Group>
  );
}
