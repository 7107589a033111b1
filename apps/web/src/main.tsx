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
import { createRouter, preloadRoute } from './app/router';
import { mayHaveSession } from './lib/auth/session-hint';
import { restoreSession } from './lib/auth/session';
import { loadConfig } from './lib/config';
import { initI18n } from './lib/i18n/i18n';
import { applyLanguage, initialLanguage } from './lib/i18n/language';
import { preloadPage, setPreloader } from './lib/navigation';

/**
 * The faces the first screens draw with: body text 400, buttons 600, headings 700 (Thai and Latin,
 * by unicode-range). A face only starts loading once text needs it, and drawn first in the phone's
 * own Thai font, whose lines are wider, the sign-in page's subtitle took two lines and then one
 * when Sarabun came, moving the form up (Lighthouse, mobile: layout shift). So they load while the
 * config and the session are fetched, and the first render waits for them, at most FONT_WAIT_MS
 * longer; a face later still swaps in as before.
 */
const FIRST_FACES = ['400', '600', '700'];
const FONT_WAIT_MS = 1000;
function loadFirstFaces(): Promise<unknown> {
  if (typeof document === 'undefined' || !('fonts' in document)) return Promise.resolve();
  const loaded = Promise.all(
    FIRST_FACES.map((weight) => document.fonts.load(`${weight} 16px Sarabun`, 'กa')),
  );
  return loaded.catch(() => undefined);
}

async function start() {
  const lang = initialLanguage();
  initI18n(lang);
  applyLanguage(lang);
  const fonts = loadFirstFaces();
  setPreloader(preloadRoute);
  // A returning member (the session hint says so): the page's code downloads while the config and the
  // session are fetched, instead of after them.
  if (mayHaveSession()) preloadPage(window.location.pathname);
  await loadConfig();
  // Before the first render, so the guard sees a restored session instead of bouncing to login.
  await restoreSession();
  await Promise.race([fonts, new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);

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
