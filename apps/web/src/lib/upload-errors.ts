import { DOCUMENT_EXTENSIONS, DOCUMENT_MIME_TYPES } from '@portal/contracts/profile';
import { MSG } from '@portal/contracts/messages';
import { ApiError, NetworkError } from './http/errors';

/** The server's limit (UPLOAD_MAX_BYTES, 10 MiB by default); checked here first to spare the upload. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_ACCEPT = [...DOCUMENT_MIME_TYPES, ...DOCUMENT_EXTENSIONS.map((e) => `.${e}`)].join(',');

/**
 * Why an upload did not go through, as the profile shows it: the three the specification names
 * (wrong type, too large, failed to upload document) and `other` for the rest (a KYC under review,
 * too many documents…), which the generic error text describes.
 */
export type UploadProblem = 'wrongType' | 'tooLarge' | 'failed' | 'other';

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** Checks before sending: a type the server will refuse, or a file over the limit. */
export function checkBeforeUpload(
  file: { name: string; type: string; size: number },
  maxBytes = DOCUMENT_MAX_BYTES,
): Exclude<UploadProblem, 'failed' | 'other'> | null {
  const typeOk = (DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type);
  const extOk = (DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  // The server decides by the bytes; here a known type or extension is enough to try.
  if (!typeOk && !extOk) return 'wrongType';
  if (file.size > maxBytes) return 'tooLarge';
  if (file.size === 0) return 'wrongType';
  return null;
}

/** Sorts a failed upload (documents or the avatar) into what the member is told. */
export function uploadProblem(error: unknown): UploadProblem {
  if (error instanceof NetworkError) return 'failed';
  if (!(error instanceof ApiError)) return 'failed';
  const messages = [
    error.message,
    ...(error.fieldErrors.file ?? []),
    ...(error.fieldErrors.avatar_base64 ?? []),
  ];
  if (
    error.errorCode === 'UNSUPPORTED_MEDIA_TYPE' ||
    error.httpStatus === 415 ||
    messages.some((m) => m === MSG.fileType || m === MSG.avatarType)
  )
    return 'wrongType';
  if (
    error.errorCode === 'PAYLOAD_TOO_LARGE' ||
    error.httpStatus === 413 ||
    messages.some((m) => m === MSG.fileTooLarge || m === MSG.avatarTooLarge)
  )
    return 'tooLarge';
  if (error.errorCode === 'UPLOAD_FAILED' || error.httpStatus >= 500 || messages.includes(MSG.uploadFailed))
    return 'failed';
  return 'other';
}

/** Image files preview inline; a PDF shows as an icon with its name. */
export function previewKind(mime: string, name = ''): 'image' | 'pdf' | 'other' {
  if (/^image\/(png|gif|jpe?g)$/.test(mime)) return 'image';
  if (mime === 'application/pdf' || /\.pdf$/i.test(name)) return 'pdf';
  const ext = extensionOf(name);
  if (['png', 'gif', 'jpg', 'jpeg'].includes(ext)) return 'image';
  return 'other';
}

/** A file size for people: 512 B, 34 KB, 2.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
