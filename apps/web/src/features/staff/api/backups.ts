import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BackupStatus } from '@portal/contracts/operations';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /staff/v1/backups; read again every minute (a backup may finish while the page is open). */
export const backupStatusQuery = () =>
  queryOptions({
    queryKey: queryKeys.backups.status(),
    queryFn: ({ signal }) => apiRequest<BackupStatus>('/v1/backups', { service: 'staff', signal }),
    staleTime: 0,
    refetchInterval: 60_000,
  });

export const useBackupStatus = () => useQuery(backupStatusQuery());
