import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './use-document-title';

function setMeta(attribute: 'name' | 'property', key: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const created = !element;
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  const before = element.content;
  element.content = content;
  return () => {
    if (created) element.remove();
    else element.content = before;
  };
}

/**
 * A public page's title and description for the tab, search engines and link previews (description,
 * Open Graph title and description), in the page's language; put back when the page is left.
 */
export function usePageMeta(title: string | undefined, description: string | undefined): void {
  const { t, i18n } = useTranslation('common');
  useDocumentTitle(title);
  const app = t('appName');
  useEffect(() => {
    if (!title || !description) return;
    const undo = [
      setMeta('name', 'description', description),
      setMeta('property', 'og:title', `${title} · ${app}`),
      setMeta('property', 'og:description', description),
      setMeta('property', 'og:type', 'article'),
      setMeta('property', 'og:locale', i18n.language === 'th' ? 'th_TH' : 'en_US'),
    ];
    return () => undo.forEach((u) => u());
  }, [title, description, app, i18n.language]);
}
