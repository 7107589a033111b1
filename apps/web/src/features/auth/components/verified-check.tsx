import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { reloadUser } from '../../../lib/auth/session';
import { useDescribeError } from '../../../lib/i18n/messages';
import { paths } from '../../../lib/paths';

/** After following an e-mail link in another tab, the member comes back and asks to continue. */
export function VerifiedCheck() {
  const { t } = useTranslation('auth');
  const describe = useDescribeError();
  const navigate = useNavigate();
  const [state, setState] = useState<{ pending: boolean; notYet: boolean; error: unknown }>({
    pending: false,
    notYet: false,
    error: null,
  });

  const check = async () => {
    setState({ pending: true, notYet: false, error: null });
    try {
      const user = await reloadUser();
      if (user.is_verifies_email || user.is_verifies_mobile) {
        await navigate(paths.dashboard.href(), { replace: true });
        return;
      }
      setState({ pending: false, notYet: true, error: null });
    } catch (error) {
      setState({ pending: false, notYet: false, error });
    }
  };

  return (
    <Stack gap="sm">
      {state.notYet && (
        <Alert color="yellow" variant="light" role="status">
          {t('verifyAccount.notYet')}
        </Alert>
      )}
      {state.error !== null && (
        <Alert color="red" variant="light" role="alert">
          {describe(state.error)}
        </Alert>
      )}
      <Button
        fullWidth
        variant="light"
        loading={state.pending}
        onClick={() => void check()}
        data-testid="verify-continue"
      >
        {t('verifyAccount.continue')}
      </Button>
    </Stack>
  );
}
