import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/ui/page-loader';
import { endSession } from '../../lib/auth/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { logout } from './api/logout';

/**
 * Revokes the session on the server, then forgets everything here. Once the session is gone
 * the route guard sends the visitor to login, carrying `callback` and `next` over.
 */
export default function LogoutPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('logout.title'));
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    // Effects run twice in development; the session must be revoked once.
    if (started.current) return;
    started.current = true;
    logout()
      .catch(() => {
        // Already expired or unreachable: signing out locally is all that is left to do.
      })
      .finally(() => {
        queryClient.clear();
        endSession();
      });
  }, [queryClient]);

  return <PageLoader />;
}
