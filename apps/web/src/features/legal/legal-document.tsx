import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LEGAL_NS } from './legal-namespace';

interface Section {
  heading: string;
  body: string;
  items?: string[];
}

/** Terms and policy share one layout: a title, an intro and numbered sections. */
export function LegalDocument({ doc }: { doc: 'terms' | 'policy' }) {
  const { t } = useTranslation(LEGAL_NS);
  const title = t(`${doc}.title`);
  useDocumentTitle(title);
  const sections = t(`${doc}.sections`, { returnObjects: true }) as Section[];

  return (
    <Stack gap="lg" component="article" maw={820}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`${doc}.updated`)}
        </Text>
      </Stack>
      <Text>{t(`${doc}.intro`)}</Text>
      {sections.map((section, index) => (
        <Stack gap="xs" component="section" key={section.heading}>
          <Title order={2} size="h4">
            {index + 1}. {section.heading}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{section.body}</Text>
          {section.items && (
            <List spacing={4} size="md">
              {section.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
