import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../../lib/config';
import { paths } from '../../lib/paths';

/** The footer links of the spec: contact, terms, policy, plus the app version. */
export function SiteLinks() {
  const { t } = useTranslation('common');
  return (
    <Group gap="md" justify="center" wrap="wrap" component="nav" aria-label={t('footer.label')}>
      <Anchor component={Link} to={paths.contact.href()} size="sm" c="dimmed">
        {t('footer.contact')}
      </Anchor>
      <Anchor component={Link} to={paths.terms.href()} size="sm" c="dimmed">
        {t('footer.terms')}
      </Anchor>
      <Anchor component={Link} to={paths.policy.href()} size="sm" c="dimmed">
        {t('footer.policy')}
      </Anchor>
      <Text size="sm" c="dimmed">
        {t('footer.version', { version: getConfig().appVersion })}
      </Text>
    </Group>
  );
}
