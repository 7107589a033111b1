/**
 * The avatar crop as plain geometry. The image lies under a fixed square frame of `frame` CSS
 * pixels; at zoom 1 it just covers the frame (its short side fits), zooming enlarges it up to
 * MAX_ZOOM. `x`/`y` are where the image's top-left corner sits relative to the frame's (≤ 0),
 * kept so the frame never shows anything but the image.
 */
export interface Size {
  width: number;
  height: number;
}

export interface Crop {
  zoom: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** The server keeps the original at most 1024 px (AVATAR_MAX_PX). */
export const OUTPUT_MAX_PX = 1024;

/** CSS pixels per image pixel at zoom 1: the short side fills the frame. */
export function coverScale(image: Size, frame: number): number {
  return frame / Math.min(image.width, image.height);
}

export function scaleOf(image: Size, frame: number, zoom: number): number {
  return coverScale(image, frame) * clampZoom(zoom);
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return MIN_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** Keeps the image covering the frame: x in [frame − shown width, 0], the same for y. */
export function clampCrop(crop: Crop, image: Size, frame: number): Crop {
  const zoom = clampZoom(crop.zoom);
  const s = scaleOf(image, frame, zoom);
  return {
    zoom,
    x: clamp(crop.x, frame - image.width * s, 0),
    y: clamp(crop.y, frame - image.height * s, 0),
  };
}

/** Zoom 1, the image centred under the frame. */
export function initialCrop(image: Size, frame: number): Crop {
  const s = coverScale(image, frame);
  return clampCrop(
    { zoom: 1, x: (frame - image.width * s) / 2, y: (frame - image.height * s) / 2 },
    image,
    frame,
  );
}

/** Moves the image by a drag of (dx, dy) CSS pixels. */
export function dragCrop(crop: Crop, dx: number, dy: number, image: Size, frame: number): Crop {
  return clampCrop({ ...crop, x: crop.x + dx, y: crop.y + dy }, image, frame);
}

/**
 * Zooms keeping the image point under `anchor` (frame coordinates, the frame's centre by default)
 * where it is, as a pinch or a wheel does.
 */
export function zoomCrop(
  crop: Crop,
  zoom: number,
  image: Size,
  frame: number,
  anchor: { x: number; y: number } = { x: frame / 2, y: frame / 2 },
): Crop {
  const next = clampZoom(zoom);
  const before = scaleOf(image, frame, crop.zoom);
  const after = scaleOf(image, frame, next);
  // The image point under the anchor, in image pixels, stays under the anchor.
  const px = (anchor.x - crop.x) / before;
  const py = (anchor.y - crop.y) / before;
  return clampCrop({ zoom: next, x: anchor.x - px * after, y: anchor.y - py * after }, image, frame);
}

/** The square of the image (in image pixels) that the frame shows: what to draw on the canvas. */
export function sourceRect(crop: Crop, image: Size, frame: number): { sx: number; sy: number; size: number } {
  const c = clampCrop(crop, image, frame);
  const s = scaleOf(image, frame, c.zoom);
  const size = Math.min(frame / s, image.width, image.height);
  return {
    sx: clamp(-c.x / s, 0, image.width - size),
    sy: clamp(-c.y / s, 0, image.height - size),
    size,
  };
}

/** The side of the square image sent: the crop's own pixels, never upscaled, at most 1024. */
export function outputSide(sourceSize: number, max = OUTPUT_MAX_PX): number {
  return Math.max(1, Math.min(max, Math.round(sourceSize)));
}
