import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { type DOCUMENT_MIME_TYPES } from '@portal/contracts/profile';
import { MSG } from '@portal/contracts/messages';
import { AppError } from './errors';
import { assertNoControlCharacters } from './control-characters';

export type DocumentMime = (typeof DOCUMENT_MIME_TYPES)[number];

export interface UploadedFile {
  data: Buffer;
  /** Sanitised original name: display text only. */
  name: string;
  mime: DocumentMime;
  ext: string;
  sha256: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** The raw `file` part, not yet checked. */
  file: { data: Buffer; filename: string } | null;
}

const MiB = 1024 * 1024;
export const sizeText = (bytes: number) =>
  bytes >= MiB ? `${Math.round((bytes / MiB) * 10) / 10} MiB` : `${Math.round(bytes / 1024)} KiB`;

const fileError = (
  code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' | 'VALIDATION_ERROR',
  message: string,
) => new AppError(422, code, message, { file: [message] });

/**
 * Reads a multipart body: form fields as strings and one part named `file` (at most `maxBytes`).
 * Everything stays in memory (10 MiB at most), so a rejected upload leaves nothing on disk.
 */
export async function readMultipart(request: FastifyRequest, maxBytes: number): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MSG.notMultipart);
  const fields: Record<string, string> = {};
  let file: MultipartForm['file'] = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 12, fieldSize: 4096, parts: 14 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError(422, 'VALIDATION_ERROR', `The ${part.fieldname} field is not allowed`, {
            [part.fieldname]: [`The ${part.fieldname} field is not allowed`],
          });
        }
        file = { data: await part.toBuffer(), filename: part.filename ?? '' };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fileError('PAYLOAD_TOO_LARGE', `${MSG.fileTooLarge}: the largest is ${sizeText(maxBytes)}`);
    }
    if (code === 'FST_FILES_LIMIT') throw fileError('VALIDATION_ERROR', 'Send one file at a time');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(422, 'VALIDATION_ERROR', 'Too many form fields');
    }
    if (code === 'FST_PROTO_VIOLATION') throw new AppError(400, 'BAD_REQUEST', 'Bad request');
    throw new AppError(400, 'BAD_REQUEST', 'The upload could not be read');
  }
  // The same rule as JSON bodies (plugins/input): the hook before validation cannot see these fields.
  assertNoControlCharacters([fields, 'text']);
  return { fields, file };
}

const ALLOWED: Record<string, DocumentMime> = {
  png: 'image/png',
  apng: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
};

/** Checks a document by its bytes: PNG, GIF, JPEG or PDF. The name and the sent content type count for nothing. */
export async function checkDocumentFile(
  file: { data: Buffer; filename: string },
  maxBytes: number,
): Promise<UploadedFile> {
  if (file.data.length === 0) throw fileError('VALIDATION_ERROR', MSG.fileRequired);
  if (file.data.length > maxBytes)
    throw fileError('PAYLOAD_TOO_LARGE', `${MSG.fileTooLarge}: the largest is ${sizeText(maxBytes)}`);
  const detected = await fileTypeFromBuffer(file.data);
  const mime = detected ? ALLOWED[detected.ext] : undefined;
  if (!detected || !mime) throw fileError('UNSUPPORTED_MEDIA_TYPE', MSG.fileType);
  const ext = detected.ext === 'apng' ? 'png' : detected.ext;
  return {
    data: file.data,
    name: displayFileName(file.filename, ext),
    mime,
    ext,
    sha256: createHash('sha256').update(file.data).digest('hex'),
  };
}

/** The extensions a name may keep for each type; the first is the one given when it has none of them. */
const EXTENSIONS: Record<DocumentMime, readonly string[]> = {
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/jpeg': ['jpg', 'jpeg'],
  'application/pdf': ['pdf'],
};
const MIME_OF_EXT: Record<string, DocumentMime> = {
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
};

/**
 * A name with the extension of the type its bytes are (never the uploader's): `slip.html` of a PNG
 * is `slip.png`, so a polyglot saved from a download opens as the picture it was checked as.
 */
export function withTypeExtension(name: string, mime: string): string {
  const allowed = EXTENSIONS[mime as DocumentMime] ?? ['bin'];
  const dot = name.lastIndexOf('.');
  const current = dot > 0 ? name.slice(dot + 1) : '';
  if (allowed.includes(current.toLowerCase())) return name;
  // Only a word after the last dot is an extension: "Mr. Smith" keeps its whole name.
  const base = /^[A-Za-z0-9]{1,10}$/.test(current) ? name.slice(0, dot) : name;
  return `${base}.${allowed[0]}`;
}

/**
 * The original file name made safe to show: the last path segment only (so `../../etc/passwd`
 * becomes `passwd`), no control or bidi-override characters, NFC, at most 120 characters, with the
 * extension of the detected type `ext` (withTypeExtension). Thai stays Thai. Never used as a path.
 */
export function displayFileName(raw: string, ext: string): string {
  const last = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = last.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069"<>:|?*]/g, '');
  name = name.replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  if (!name) name = 'document';
  name = withTypeExtension(name, MIME_OF_EXT[ext] ?? '');
  if (name.length > 120) {
    const dot = name.lastIndexOf('.');
    name = name.slice(0, 120 - (name.length - dot)) + name.slice(dot);
  }
  return name;
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987); the
 * name ends in the extension of `mime`, the type detected at upload, whatever name was stored.
 */
export function attachment(reply: FastifyReply, stored: string, mime: string, data: Buffer) {
  const name = withTypeExtension(stored, mime);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'document';
  const utf8 = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return reply
    .header('content-type', mime)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(data);
}

interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
}

/** Form fields through a strict zod schema: unknown fields and bad values answer 422 like JSON bodies do. */
export function parseFields<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: IssueLike[] } };
  },
  fields: Record<string, string>,
): T {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) (errors[key] ??= []).push(`The ${key} field is not allowed`);
    } else {
      (errors[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
    }
  }
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid';
  throw new AppError(422, 'VALIDATION_ERROR', first, errors);
}
