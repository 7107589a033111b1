import { describe, expect, it } from 'vitest';
import { MSG } from '@portal/contracts/messages';
import { ApiError, NetworkError } from './http/errors';
import {
  checkBeforeUpload,
  DOCUMENT_MAX_BYTES,
  formatBytes,
  previewKind,
  uploadProblem,
} from './upload-errors';

const apiError = (
  status: number,
  errorCode: ConstructorParameters<typeof ApiError>[3],
  message: string,
  fields: Record<string, string[]> = {},
) => new ApiError(status, status, message, errorCode, fields);

describe('upload error mapping', () => {
  it('recognises a wrong type by code, status or message', () => {
    expect(
      uploadProblem(apiError(422, 'UNSUPPORTED_MEDIA_TYPE', MSG.fileType, { file: [MSG.fileType] })),
    ).toBe('wrongType');
    expect(uploadProblem(apiError(415, undefined, 'HTTP 415'))).toBe('wrongType');
    expect(uploadProblem(apiError(422, 'VALIDATION_ERROR', 'x', { file: [MSG.fileType] }))).toBe('wrongType');
    expect(uploadProblem(apiError(422, 'VALIDATION_ERROR', 'x', { avatar_base64: [MSG.avatarType] }))).toBe(
      'wrongType',
    );
  });

  it('recognises a file that is too large', () => {
    expect(uploadProblem(apiError(422, 'PAYLOAD_TOO_LARGE', MSG.fileTooLarge))).toBe('tooLarge');
    expect(uploadProblem(apiError(413, undefined, 'HTTP 413'))).toBe('tooLarge');
    expect(uploadProblem(apiError(422, 'VALIDATION_ERROR', MSG.avatarTooLarge))).toBe('tooLarge');
  });

  it('calls a server failure or a lost connection a failed upload', () => {
    expect(uploadProblem(apiError(500, 'UPLOAD_FAILED', MSG.uploadFailed))).toBe('failed');
    expect(uploadProblem(apiError(503, 'SERVICE_UNAVAILABLE', 'down'))).toBe('failed');
    expect(uploadProblem(new NetworkError('timeout'))).toBe('failed');
    expect(uploadProblem(new Error('boom'))).toBe('failed');
  });

  it('leaves the other refusals to the generic message', () => {
    expect(uploadProblem(apiError(409, 'CONFLICT', MSG.underReview))).toBe('other');
    expect(uploadProblem(apiError(422, 'VALIDATION_ERROR', MSG.tooMany, { file: [MSG.tooMany] }))).toBe(
      'other',
    );
  });
});

describe('checks before an upload', () => {
  it('accepts the allowed types by MIME type or extension', () => {
    expect(checkBeforeUpload({ name: 'id.png', type: 'image/png', size: 10 })).toBeNull();
    expect(checkBeforeUpload({ name: 'book.PDF', type: '', size: 10 })).toBeNull();
    expect(checkBeforeUpload({ name: 'scan', type: 'image/jpeg', size: 10 })).toBeNull();
  });

  it('refuses other types, empty files and files over the limit', () => {
    expect(checkBeforeUpload({ name: 'page.html', type: 'text/html', size: 10 })).toBe('wrongType');
    expect(checkBeforeUpload({ name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toBe('wrongType');
    expect(checkBeforeUpload({ name: 'id.png', type: 'image/png', size: 0 })).toBe('wrongType');
    expect(checkBeforeUpload({ name: 'id.png', type: 'image/png', size: DOCUMENT_MAX_BYTES })).toBeNull();
    expect(checkBeforeUpload({ name: 'id.png', type: 'image/png', size: DOCUMENT_MAX_BYTES + 1 })).toBe(
      'tooLarge',
    );
  });

  it('previews images inline and PDFs as an icon', () => {
    expect(previewKind('image/png')).toBe('image');
    expect(previewKind('image/jpeg')).toBe('image');
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('', 'book.pdf')).toBe('pdf');
    expect(previewKind('', 'id.JPG')).toBe('image');
    expect(previewKind('image/svg+xml', 'x.svg')).toBe('other');
  });

  it('writes sizes for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(34 * 1024)).toBe('34 KB');
    expect(formatBytes(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});
