import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader({ minHeight = 240 }: { minHeight?: number | string }) {
  const { t } = useTranslation('common');
  return (
    <Center mih={minHeight} role="status" aria-label={t('loading')}>
      <Loader />
    </Center>
  );
}
