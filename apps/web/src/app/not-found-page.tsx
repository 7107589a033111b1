import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../components/ui/brand';
import { useSession } from '../lib/auth/use-session';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.title'));
  const { user } = useSession();
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="md" ta="center" maw={440}>
        <BrandMark size={48} />
        <Text fz={64} fw={700} c="brand.8" lh={1.2} aria-hidden="true">
          404
        </Text>
        <Title order={1} size="h2" data-testid="not-found">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.message')}</Text>
        <Button component={Link} to={user ? paths.home.href() : paths.auth.login.href()}>
          {user ? t('actions.toPortal') : t('actions.toLogin')}
        </Button>
      </Stack>
    </Center>
  );
}
