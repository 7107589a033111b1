import { randomUUID } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../../lib/errors';
import { sizeText } from '../../../lib/uploads';

/**
 * Product pictures: uploaded by staff, checked by their bytes (PNG, JPEG, GIF or WebP), re-encoded
 * without metadata (a 1200 px picture and a 400 px square thumbnail), and served without a token
 * at /shop/v1/images/{uuid}-{original|thumbnail}.{jpg|png} (an <img> sends no headers). Names are
 * random per upload, so the files are cached for good.
 */
export const IMAGE_PATH = '/shop/v1/images/';
export const IMAGE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(original|thumbnail)\.(jpg|png)$/;
const INPUTS = new Set(['png', 'jpg', 'gif', 'webp']);
const MAX_INPUT_PIXELS = 40_000_000;
const ORIGINAL_PX = 1200;
const THUMBNAIL_PX = 400;

export interface ProductPicture {
  original: Buffer;
  thumbnail: Buffer;
  ext: 'jpg' | 'png';
}

const imageError = (code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' | 'VALIDATION_ERROR', m: string) =>
  new AppError(422, code, m, { file: [m] });

export async function makeProductPicture(data: Buffer, maxBytes: number): Promise<ProductPicture> {
  if (data.length === 0) throw imageError('VALIDATION_ERROR', 'Choose a picture to upload');
  if (data.length > maxBytes)
    throw imageError('PAYLOAD_TOO_LARGE', `The picture is too large: the largest is ${sizeText(maxBytes)}`);
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !INPUTS.has(detected.ext))
    throw imageError('UNSUPPORTED_MEDIA_TYPE', 'The picture must be a PNG, JPEG, GIF or WebP image');
  try {
    const input = () =>
      sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 }).rotate();
    const ext = (await input().metadata()).hasAlpha ? 'png' : 'jpg';
    const encode = (img: Sharp) =>
      ext === 'png'
        ? img.png({ compressionLevel: 9 }).toBuffer()
        : img.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    const [original, thumbnail] = await Promise.all([
      encode(input().resize(ORIGINAL_PX, ORIGINAL_PX, { fit: 'inside', withoutEnlargement: true })),
      encode(input().resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'cover', position: 'attention' })),
    ]);
    return { original, thumbnail, ext };
  } catch {
    throw imageError('UNSUPPORTED_MEDIA_TYPE', 'The picture could not be read');
  }
}

/** Fresh storage keys for both sizes of one picture. */
export function pictureKeys(ext: 'jpg' | 'png') {
  const id = randomUUID();
  return { original: `products/${id}-original.${ext}`, thumbnail: `products/${id}-thumbnail.${ext}` };
}
