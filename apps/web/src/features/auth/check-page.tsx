import { Button, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader';
import { fetchMe } from '../../lib/auth/session';
import { useSession } from '../../lib/auth/use-session';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthResult } from './components/auth-result';
import { queryKeys } from '../../lib/query-keys';

/** /auth/Check: is the current access token still accepted? Asks the server without refreshing. */
export default function CheckPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('check.title'));
  const { accessToken } = useSession();
  const me = useQuery({
    queryKey: queryKeys.auth.tokenCheck(accessToken),
    queryFn: ({ signal }) => fetchMe({ signal, refreshOn401: false }),
    enabled: accessToken !== null,
    retry: false,
    staleTime: 0,
  });

  if (accessToken && me.isPending) return <PageLoader />;

  if (accessToken && me.isSuccess) {
    const user = me.data;
    return (
      <AuthResult
        kind="success"
        title={t('check.valid')}
        actions={
          <Group grow>
            <Button component={Link} to={paths.dashboard.href()}>
              {t('check.toPortal')}
            </Button>
            <Button component={Link} to={paths.auth.logout.href()} variant="light" color="gray">
              {t('common:actions.logout')}
            </Button>
          </Group>
        }
      >
        <span data-testid="check-status">
          {t('check.signedInAs', { name: `${user.first_name} ${user.last_name}`.trim(), email: user.email })}
        </span>
      </AuthResult>
    );
  }

  return (
    <AuthResult
      kind="info"
      title={accessToken ? t('check.invalid') : t('check.signedOut')}
      actions={
        <Button component={Link} to={paths.auth.login.href()}>
          {t('common:actions.toLogin')}
        </Button>
      }
    >
      <span data-testid="check-status">{t('check.signedOutHelp')}</span>
    </AuthResult>
  );
}
