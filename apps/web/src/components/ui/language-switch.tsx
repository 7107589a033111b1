import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../lib/i18n/language';
import { LANGUAGES } from '../../lib/preferences';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  return (
    <Group gap={4} role="group" aria-label={t('language.label')} wrap="nowrap">
      {LANGUAGES.map((lang) => {
        const active = i18n.language === lang;
        return (
          <Button
            key={lang}
            size="compact-sm"
            variant={active ? 'light' : 'subtle'}
            color={active ? 'brand' : 'gray'}
            aria-pressed={active}
            lang={lang}
            data-testid={`lang-${lang}`}
            onClick={() => chooseLanguage(lang)}
          >
            {t(`language.${lang}`)}
          </Button>
        );
      })}
    </Group>
  );
}
