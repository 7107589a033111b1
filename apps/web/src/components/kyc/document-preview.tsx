import { Box, Center, Image, Loader, Modal, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileTypePdf, IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../lib/use-object-url';
import { previewKind } from '../../lib/upload-errors';
import '../../lib/i18n/profile-namespace';

const BOX = { width: 112, height: 80 } as const;

/**
 * A document's preview: an image inline (from a Blob fetched with the token, or the chosen File),
 * opening larger on click; a PDF as its icon.
 */
export function DocumentPreview({
  blob,
  mime,
  name,
  loading,
  failed,
  size = BOX,
}: {
  blob: Blob | null | undefined;
  mime: string;
  name: string;
  loading?: boolean;
  failed?: boolean;
  size?: { width: number; height: number };
}) {
  const { t } = useTranslation('profile');
  const kind = previewKind(mime, name);
  const url = useObjectUrl(kind === 'image' ? blob : null);
  const [large, view] = useDisclosure(false);

  const frame = {
    width: size.width,
    height: size.height,
    flex: 'none',
    borderRadius: 8,
    overflow: 'hidden',
    background: 'var(--mantine-color-gray-1)',
  } as const;

  if (kind === 'pdf') {
    return (
      <Center style={frame} data-testid="document-preview" data-kind="pdf">
        <ThemeIcon size={48} variant="light" color="red" radius="md" role="img" aria-label="PDF">
          <IconFileTypePdf size={32} />
        </ThemeIcon>
      </Center>
    );
  }
  if (kind !== 'image' || failed) {
    return (
      <Center style={frame} data-testid="document-preview" data-kind="none">
        <Stack gap={2} align="center">
          <IconPhotoOff size={24} color="var(--mantine-color-gray-6)" />
          <Text size="xs" c="dimmed" ta="center" px={4}>
            {t('documents.previewFailed')}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (!url) {
    return (
      <Center style={frame} data-testid="document-preview" data-kind="loading">
        {loading !== false && <Loader size="sm" />}
      </Center>
    );
  }
  return (
    <>
      <UnstyledButton
        onClick={view.open}
        aria-label={t('documents.openPreview')}
        style={frame}
        data-testid="document-preview"
        data-kind="image"
      >
        <Image
          src={url}
          alt={t('documents.previewAlt', { name })}
          w={size.width}
          h={size.height}
          fit="cover"
        />
      </UnstyledButton>
      <Modal opened={large} onClose={view.close} title={name} size="xl" centered>
        <Box ta="center">
          <Image src={url} alt={t('documents.previewAlt', { name })} fit="contain" mah="75vh" />
        </Box>
      </Modal>
    </>
  );
}
