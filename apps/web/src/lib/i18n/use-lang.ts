import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../preferences';

/** The language the page is shown in now (re-renders when the reader switches it); Thai by default. */
export function useLang(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'th';
}
