import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/paging';
import type { DocumentType, MemberDocument } from '@portal/contracts/profile';
import { MAX_DOCUMENTS } from '@portal/contracts/profile';
import { apiBlob, apiRequest, apiUpload } from '../../../lib/http/client';
import type { ProgressListener } from '../../../lib/http/transfer';
import { queryKeys } from '../../../lib/query-keys';

export const documentsQuery = () =>
  queryOptions({
    queryKey: queryKeys.profile.documents(),
    queryFn: ({ signal }) =>
      apiRequest<Page<MemberDocument>>('/v1/me/documents', { query: { per_page: MAX_DOCUMENTS }, signal }),
  });

export function useDocuments(enabled = true) {
  return useQuery({ ...documentsQuery(), enabled });
}

export interface NewDocument {
  file: File;
  type: DocumentType;
  title?: string;
  onProgress?: ProgressListener;
}

export function uploadDocument({ file, type, title, onProgress }: NewDocument): Promise<MemberDocument> {
  const form = new FormData();
  form.append('type', type);
  if (title?.trim()) form.append('title', title.trim());
  // Fields before the file: the server reads them as the stream passes.
  form.append('file', file, file.name);
  return apiUpload<MemberDocument>('/v1/me/documents', form, { onProgress });
}

/** A new file for an existing document (the specification's POST with `_method=PUT`). */
export function replaceDocument(
  id: number,
  { file, onProgress }: { file: File; onProgress?: ProgressListener },
): Promise<MemberDocument> {
  const form = new FormData();
  form.append('_method', 'PUT');
  form.append('file', file, file.name);
  return apiUpload<MemberDocument>(`/v1/me/documents/${id}`, form, { onProgress });
}

function useInvalidateProfile() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.profile.all });
}

export function useUploadDocument() {
  const invalidate = useInvalidateProfile();
  return useMutation({ mutationFn: uploadDocument, onSuccess: invalidate });
}

export function useReplaceDocument() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: ({ id, ...rest }: { id: number; file: File; onProgress?: ProgressListener }) =>
      replaceDocument(id, rest),
    onSuccess: invalidate,
  });
}

export function useDeleteDocument() {
  const invalidate = useInvalidateProfile();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/v1/me/documents/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** The stored file (bearer token required), keyed by its update time so a replaced file reloads. */
export const documentFileQuery = (doc: Pick<MemberDocument, 'id' | 'updated_at'>) =>
  queryOptions({
    queryKey: queryKeys.documentFile('member', doc.id, doc.updated_at),
    queryFn: ({ signal }) => apiBlob(`/v1/me/documents/${doc.id}/file`, { signal }),
    staleTime: Infinity,
    gcTime: 60_000,
  });
