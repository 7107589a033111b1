import { Alert, Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ConsentState } from '@portal/contracts/privacy';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/i18n/dates';
import { useDescribeError } from '../../../lib/i18n/messages';
import { paths } from '../../../lib/paths';
import { isLanguage } from '../../../lib/preferences';
import { useAcceptConsent, useConsents } from '../api/privacy';

const laterKey = (userId: number) => `portal.consent-later.${userId}`;

function laterChosen(userId: number): boolean {
  try {
    return sessionStorage.getItem(laterKey(userId)) === '1';
  } catch {
    return false;
  }
}

/**
 * Asks a member, once per sign-in, to accept the terms or the privacy notice they have not accepted
 * in the version in force (decision 045): members who registered before consents were recorded, and
 * everyone after a new version. "Not now" closes it for this browser session; the portal stays usable.
 */
export function ConsentPrompt({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('shell');
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  const describe = useDescribeError();
  const [later, setLater] = useState(() => laterChosen(userId));
  const consents = useConsents(!later);
  const accept = useAcceptConsent();
  const due = (consents.data ?? []).filter((c) => c.due);
  if (later || due.length === 0) return null;

  const close = () => {
    try {
      sessionStorage.setItem(laterKey(userId), '1');
    } catch {
      // Private mode without storage: the dialog closes for this page only.
    }
    setLater(true);
  };
  const acceptAll = async (documents: ConsentState[]) => {
    try {
      for (const d of documents) await accept.mutateAsync({ document: d.document, version: d.version });
      notifications.show({ color: 'teal', message: t('consent.accepted') });
    } catch {
      // accept.error says what went wrong in the dialog.
    }
  };

  return (
    <Modal
      opened
      onClose={close}
      title={t('consent.title')}
      centered
      closeOnClickOutside={false}
      data-testid="consent-prompt"
    >
      <Stack gap="md">
        <Text size="sm">{t('consent.body')}</Text>
        <List spacing={6} size="sm">
          {due.map((d) => (
            <List.Item key={d.document} data-testid={`consent-due-${d.document}`}>
              <Anchor
                component={Link}
                to={d.document === 'privacy' ? paths.policy.href() : paths.terms.href()}
                target="_blank"
                rel="noopener"
              >
                {t(`consent.${d.document}`, {
                  version: d.version,
                  date: formatDate(d.effective, lang, 'long'),
                })}
              </Anchor>
            </List.Item>
          ))}
        </List>
        {accept.error && (
          <Alert color="red" variant="light" role="alert">
            {describe(accept.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-testid="consent-later">
            {t('consent.later')}
          </Button>
          <Button loading={accept.isPending} onClick={() => void acceptAll(due)} data-testid="consent-accept">
            {t('consent.accept')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
