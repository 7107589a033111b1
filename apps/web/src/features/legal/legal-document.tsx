import { List, Stack, Text, Title } from '@mantine/core';
import { LEGAL_DOCUMENTS } from '@portal/contracts/privacy';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n/dates';
import { isLanguage } from '../../lib/preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LEGAL_NS } from './legal-namespace';

interface Section {
  heading: string;
  body: string;
  items?: string[];
  /** A paragraph after the items. */
  after?: string;
}

/**
 * Terms and the privacy notice share one layout: a title, the version in force and its date (the
 * ones a member accepts: decision 045), an intro, numbered sections, and what a page adds at the end.
 */
export function LegalDocument({ doc, children }: { doc: 'terms' | 'policy'; children?: ReactNode }) {
  const { t, i18n } = useTranslation(LEGAL_NS);
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  const title = t(`${doc}.title`);
  useDocumentTitle(title);
  const sections = t(`${doc}.sections`, { returnObjects: true }) as Section[];
  const inForce = LEGAL_DOCUMENTS[doc === 'policy' ? 'privacy' : 'terms'];

  return (
    <Stack gap="lg" component="article" maw={820}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text size="sm" c="dimmed" data-testid="legal-version">
          {t(`${doc}.updated`, {
            version: inForce.version,
            date: formatDate(inForce.effective, lang, 'long'),
          })}
        </Text>
      </Stack>
      <Text>{t(`${doc}.intro`)}</Text>
      {sections.map((section, index) => (
        <Stack gap="xs" component="section" key={section.heading}>
          <Title order={2} size="h4">
            {index + 1}. {section.heading}
          </Title>
          {section.body && <Text style={{ whiteSpace: 'pre-line' }}>{section.body}</Text>}
          {section.items && (
            <List spacing={4} size="md">
              {section.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          )}
          {section.after && <Text>{section.after}</Text>}
        </Stack>
      ))}
      {children}
    </Stack>
  );
}
