import sharp, { type Sharp } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { AVATAR_MAX_PX, AVATAR_THUMBNAIL_PX } from '@portal/contracts/profile';
import { MSG } from '@portal/contracts/messages';
import { AppError } from './errors';
import { sizeText } from './uploads';

const AVATAR_INPUTS = new Set(['png', 'jpg', 'gif', 'webp']);
/** A decompression bomb (a tiny file that decodes to gigapixels) is refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface Avatar {
  original: Buffer;
  thumbnail: Buffer;
  /** `png` when the image has transparency, else `jpg`. */
  ext: 'png' | 'jpg';
  mime: 'image/png' | 'image/jpeg';
}

const avatarError = (code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE', message: string) =>
  new AppError(422, code, message, { avatar_base64: [message] });

/** `data:image/png;base64,....` or bare base64 → bytes; anything else is not an image. */
export function decodeBase64Image(input: string, maxBytes: number): Buffer {
  const match = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w=.+-]+)*;base64,/i.exec(input);
  const body = (match ? input.slice(match[0].length) : input).replace(/\s/g, '');
  if (!body || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(body))
    throw avatarError('UNSUPPORTED_MEDIA_TYPE', MSG.avatarType);
  // 4 base64 characters carry 3 bytes: refuse before allocating when it is surely too large.
  if (Math.floor((body.length * 3) / 4) - 2 > maxBytes) {
    throw avatarError('PAYLOAD_TOO_LARGE', `${MSG.avatarTooLarge}: the largest is ${sizeText(maxBytes)}`);
  }
  const data = Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
  if (data.length > maxBytes)
    throw avatarError('PAYLOAD_TOO_LARGE', `${MSG.avatarTooLarge}: the largest is ${sizeText(maxBytes)}`);
  return data;
}

/**
 * Checks the bytes are a PNG, JPEG, GIF or WebP image and re-encodes them: turned upright by their
 * EXIF orientation, then every metadata block (EXIF, GPS, XMP, ICC comments) dropped. The original
 * fits in 1024 px, the thumbnail is a 128 px square.
 */
export async function makeAvatar(data: Buffer): Promise<Avatar> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !AVATAR_INPUTS.has(detected.ext))
    throw avatarError('UNSUPPORTED_MEDIA_TYPE', MSG.avatarType);
  try {
    const input = () =>
      sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 }).rotate();
    const meta = await input().metadata();
    const ext = meta.hasAlpha ? 'png' : 'jpg';
    const encode = (img: Sharp) =>
      ext === 'png'
        ? img.png({ compressionLevel: 9 }).toBuffer()
        : img.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    const [original, thumbnail] = await Promise.all([
      encode(input().resize(AVATAR_MAX_PX, AVATAR_MAX_PX, { fit: 'inside', withoutEnlargement: true })),
      encode(
        input().resize(AVATAR_THUMBNAIL_PX, AVATAR_THUMBNAIL_PX, { fit: 'cover', position: 'attention' }),
      ),
    ]);
    return { original, thumbnail, ext, mime: ext === 'png' ? 'image/png' : 'image/jpeg' };
  } catch {
    throw avatarError('UNSUPPORTED_MEDIA_TYPE', MSG.avatarType);
  }
}
