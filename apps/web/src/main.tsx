import '@fontsource/sarabun/thai-400.css';
import '@fontsource/sarabun/thai-500.css';
import '@fontsource/sarabun/thai-600.css';
import '@fontsource/sarabun/thai-700.css';
import '@fontsource/sarabun/latin-400.css';
import '@fontsource/sarabun/latin-500.css';
import '@fontsource/sarabun/latin-600.css';
import '@fontsource/sarabun/latin-700.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { restoreSession } from './lib/auth/session';
import { loadConfig } from './lib/config';
import { initI18n } from './lib/i18n/i18n';
import { applyLanguage, initialLanguage } from './lib/i18n/language';

async function start() {
  const lang = initialLanguage();
  initI18n(lang);
  applyLanguage(lang);
  await loadConfig();
  // Before the first render, so the guard sees a restored session instead of bouncing to login.
  await restoreSession();

  const router = createRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
