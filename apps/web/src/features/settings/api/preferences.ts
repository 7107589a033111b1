import { useMutation } from '@tanstack/react-query';
import type { User } from '@portal/contracts/identity';
import { sessionStore } from '../../../lib/auth/session-store';
import { apiRequest } from '../../../lib/http/client';

export interface NotificationPreferences {
  notify_email?: boolean;
  notify_sms?: boolean;
}

/** PUT /v1/me with the notification channels; the answer becomes the session's user. */
export function useSaveNotificationPreferences() {
  return useMutation({
    mutationFn: (body: NotificationPreferences) => apiRequest<User>('/v1/me', { method: 'PUT', body }),
    onSuccess: (user) => sessionStore.setUser(user),
  });
}
