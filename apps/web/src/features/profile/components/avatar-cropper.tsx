import { Alert, Box, Button, FileButton, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { MSG } from '@portal/contracts/messages';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDescribeError, useTranslateMessage } from '../../../lib/i18n/messages';
import { useUpdateProfile } from '../api/me';
import {
  clampCrop,
  dragCrop,
  initialCrop,
  MAX_ZOOM,
  MIN_ZOOM,
  outputSide,
  scaleOf,
  sourceRect,
  zoomCrop,
  type Crop,
} from '../model/crop';
import { uploadProblem } from '../../../lib/upload-errors';
import { toastSaved } from './toasts';
import { useNarrow } from '../../../lib/use-narrow';

/** The crop frame's side in CSS pixels: fits a 360 px phone's modal. */
const FRAME = 240;
const PREVIEW = 96;
const PHONE_PREVIEW = 64;
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

interface Loaded {
  image: HTMLImageElement;
  url: string;
  width: number;
  height: number;
}

/** Draws the part of the image the frame shows onto a square canvas (white under transparency). */
function drawCrop(canvas: HTMLCanvasElement, loaded: Loaded, crop: Crop, side: number): void {
  const { sx, sy, size } = sourceRect(crop, loaded, FRAME);
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, side, side);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(loaded.image, sx, sy, size, size, 0, 0, side, side);
}

/**
 * Choose a picture, place it under a square frame by dragging and zooming, see the result, and
 * send it as a data URL (PUT /v1/me avatar_base64). The server re-encodes it without metadata.
 */
export function AvatarCropper({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const tm = useTranslateMessage();
  const describe = useDescribeError();
  const update = useUpdateProfile();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 0, y: 0 });
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const phone = useNarrow('xs');
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const resetInput = useRef<() => void>(null);

  // The object URL lives as long as the picture is on screen.
  useEffect(
    () => () => {
      if (loaded) URL.revokeObjectURL(loaded.url);
    },
    [loaded],
  );

  useEffect(() => {
    if (loaded && preview.current) drawCrop(preview.current, loaded, crop, PREVIEW * 2);
    // `phone` moves the preview (a new canvas) beside the zoom or back.
  }, [loaded, crop, phone]);

  const close = () => {
    setLoaded(null);
    setProblem(null);
    update.reset();
    onClose();
  };

  const choose = async (file: File | null) => {
    resetInput.current?.();
    setProblem(null);
    update.reset();
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) {
      setProblem(t('avatar.notImage'));
      return;
    }
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.src = url;
    try {
      await image.decode();
    } catch {
      URL.revokeObjectURL(url);
      setProblem(t('avatar.unreadable'));
      return;
    }
    const next = { image, url, width: image.naturalWidth, height: image.naturalHeight };
    setLoaded(next);
    setCrop(initialCrop(next, FRAME));
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId || !loaded) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    drag.current = { ...d, x: e.clientX, y: e.clientY };
    setCrop((c) => dragCrop(c, dx, dy, loaded, FRAME));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!loaded) return;
    const step = 8;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      setCrop((c) => dragCrop(c, move[0], move[1], loaded, FRAME));
    } else if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      setCrop((c) => zoomCrop(c, c.zoom + 0.1, loaded, FRAME));
    } else if (e.key === '-') {
      e.preventDefault();
      setCrop((c) => zoomCrop(c, c.zoom - 0.1, loaded, FRAME));
    }
  };

  const save = async () => {
    if (!loaded) return;
    const canvas = document.createElement('canvas');
    drawCrop(canvas, loaded, crop, outputSide(sourceRect(crop, loaded, FRAME).size));
    try {
      await update.mutateAsync({ avatar_base64: canvas.toDataURL('image/jpeg', 0.9) });
      toastSaved(t('avatar.saved'));
      close();
    } catch (error) {
      const kind = uploadProblem(error);
      setProblem(
        kind === 'wrongType'
          ? (tm(MSG.avatarType) ?? '')
          : kind === 'tooLarge'
            ? (tm(MSG.avatarTooLarge) ?? '')
            : describe(error),
      );
    }
  };

  const shown = loaded ? clampCrop(crop, loaded, FRAME) : null;
  const scale = loaded && shown ? scaleOf(loaded, FRAME, shown.zoom) : 1;
  // On a phone the preview sits beside the zoom, smaller, so the buttons stay on the first screen.
  const previewSize = phone ? PHONE_PREVIEW : PREVIEW;
  const previewBox = (
    <Stack gap={4} align="center">
      <Text size="xs" c="dimmed">
        {t('avatar.preview')}
      </Text>
      <canvas
        ref={preview}
        width={PREVIEW * 2}
        height={PREVIEW * 2}
        style={{ width: previewSize, height: previewSize, borderRadius: '50%' }}
        data-testid="avatar-preview"
      />
    </Stack>
  );

  return (
    <Modal opened={opened} onClose={close} title={t('avatar.title')} centered size="md">
      <Stack gap="md" data-testid="avatar-cropper">
        <Group gap="sm">
          <FileButton
            onChange={(f) => void choose(f)}
            resetRef={resetInput}
            accept={AVATAR_TYPES.join(',')}
            inputProps={{ 'data-testid': 'avatar-file' } as object}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPhoto size={16} />}
                data-testid="avatar-choose"
              >
                {t('avatar.choose')}
              </Button>
            )}
          </FileButton>
        </Group>
        {problem && (
          <Alert color="red" variant="light" role="alert" data-testid="avatar-error">
            {problem}
          </Alert>
        )}
        {loaded && shown && (
          <>
            <Text size="sm" c="dimmed">
              {t('avatar.hint')}
            </Text>
            <Group align="flex-start" gap="lg" justify="center" wrap="wrap">
              <Box
                role="img"
                aria-label={t('avatar.frame')}
                tabIndex={0}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                onKeyDown={onKeyDown}
                data-testid="avatar-frame"
                style={{
                  position: 'relative',
                  width: FRAME,
                  height: FRAME,
                  overflow: 'hidden',
                  touchAction: 'none',
                  cursor: 'grab',
                  borderRadius: 8,
                  background: 'var(--mantine-color-gray-2)',
                  outlineOffset: 2,
                }}
              >
                <img
                  src={loaded.url}
                  alt=""
                  draggable={false}
                  style={{
                    position: 'absolute',
                    left: 0,
                    top: 0,
                    width: loaded.width * scale,
                    height: loaded.height * scale,
                    maxWidth: 'none',
                    transform: `translate(${shown.x}px, ${shown.y}px)`,
                    userSelect: 'none',
                    pointerEvents: 'none',
                  }}
                />
                {/* The round guide: the portal shows avatars in a circle. */}
                <Box
                  aria-hidden
                  style={{
                    position: 'absolute',
                    inset: 0,
                    borderRadius: '50%',
                    boxShadow: '0 0 0 999px rgba(0, 0, 0, 0.35)',
                    border: '2px solid rgba(255, 255, 255, 0.9)',
                    pointerEvents: 'none',
                  }}
                />
              </Box>
              {!phone && previewBox}
            </Group>
            <Group gap="md" wrap="nowrap" align="center">
              {phone && previewBox}
              <Stack gap={4} style={{ flex: 1 }}>
                <Text size="sm" id="avatar-zoom-label">
                  {t('avatar.zoom')}
                </Text>
                <Slider
                  min={MIN_ZOOM}
                  max={MAX_ZOOM}
                  step={0.01}
                  value={shown.zoom}
                  onChange={(z) => setCrop((c) => zoomCrop(c, z, loaded, FRAME))}
                  label={(z) => `${Math.round(z * 100)}%`}
                  thumbProps={{ 'aria-labelledby': 'avatar-zoom-label' }}
                  data-testid="avatar-zoom"
                />
              </Stack>
            </Group>
          </>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button
            onClick={() => void save()}
            disabled={!loaded}
            loading={update.isPending}
            data-testid="avatar-save"
          >
            {t('avatar.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
