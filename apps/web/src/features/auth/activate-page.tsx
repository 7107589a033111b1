import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader';
import { reloadUser } from '../../lib/auth/session';
import { useSession } from '../../lib/auth/use-session';
import { isApiError } from '../../lib/http/errors';
import { useDescribeError } from '../../lib/i18n/messages';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useActivate, useActivation } from './api/activate';
import { AuthHeading } from './components/auth-heading';
import { AuthResult } from './components/auth-result';

/**
 * The e-mail activation link. Activation waits for a click: mail scanners open links by
 * themselves, and they should not be the ones who confirm an address.
 */
export default function ActivatePage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  useDocumentTitle(t('activate.title'));
  const describe = useDescribeError();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const signedIn = session.user !== null;
  const info = useActivation(token);
  const activate = useActivate();

  const next = signedIn ? (
    <Button component={Link} to={paths.dashboard.href()}>
      {t('common:actions.continue')}
    </Button>
  ) : (
    <Button component={Link} to={paths.auth.login.href()}>
      {t('common:actions.toLogin')}
    </Button>
  );

  if (!token) return <AuthResult kind="error" title={t('errors:ACTIVATE_CODE_INVALID')} actions={next} />;
  if (info.isPending) return <PageLoader />;

  if (activate.isSuccess) {
    return (
      <AuthResult kind="success" title={t('activate.doneTitle')} actions={next}>
        {t('activate.done')}
      </AuthResult>
    );
  }

  const failure = info.error ?? activate.error;
  if (failure) {
    const already = isApiError(failure, 'ALREADY_ACTIVATED');
    return <AuthResult kind={already ? 'info' : 'error'} title={describe(failure)} actions={next} />;
  }

  return (
    <>
      <AuthHeading title={t('activate.title')}>
        {t('activate.greeting', { name: info.data?.first_name ?? '' })}
      </AuthHeading>
      <Stack gap="md">
        <Text size="sm">{t('activate.confirm', { email: info.data?.email ?? '' })}</Text>
        <Button
          fullWidth
          loading={activate.isPending}
          data-testid="activate-submit"
          onClick={() =>
            activate.mutate(token, {
              onSuccess: () => {
                if (signedIn) reloadUser().catch(() => undefined);
              },
            })
          }
        >
          {t('activate.submit')}
        </Button>
      </Stack>
    </>
  );
}
