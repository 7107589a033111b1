// `npm run manuals:screenshots`: drives a running portal in Chromium, signed in as the demo member,
// and saves the screens the manuals show, in Thai and in English, as small WebP files under
// apps/web/src/features/public/manuals/portal-shots/<lang>/<screen>.webp (committed; the manuals bundle them).
//
//   npm start                      # in another terminal (demo mode, demo data)
//   npm run manuals:screenshots    # --url http://127.0.0.1:8080 --user demo@portal.test --password demo-pass-1234
//
// Re-run it after a change of the screens. CHROMIUM_PATH names the browser (default /usr/bin/chromium).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { untilStill } from '../e2e/still';
import { SHOT_SIZE, SHOTS, type Shot } from '../src/features/public/manuals/content';
import enOrganization from '../src/locales/en/organization.json' with { type: 'json' };
import thOrganization from '../src/locales/th/organization.json' with { type: 'json' };

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.PORTAL_URL ?? 'http://127.0.0.1:8080' },
    user: { type: 'string', default: 'demo@portal.test' },
    password: { type: 'string', default: 'demo-pass-1234' },
    quality: { type: 'string', default: '0.72' },
  },
});
const OUT = path.resolve(import.meta.dirname, '../src/features/public/manuals/portal-shots');
const LANGS = { th: thOrganization, en: enOrganization } as const;
type Lang = keyof typeof LANGS;

/**
 * The page has finished loading: no query still loading its first data (the main region says so
 * with aria-busy), no spinner, the fonts in, and nothing moving. States, not time.
 */
async function settle(page: Page) {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, {
    timeout: 20_000,
  });
  await page
    .getByRole('status', { name: /กำลังโหลด|Loading/ })
    .first()
    .waitFor({ state: 'detached' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await untilStill(page);
}

/** A PNG of the viewport, re-encoded as WebP by the browser itself (no image library needed). */
async function webp(browser: Browser, png: Buffer, quality: number): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const dataUrl = await page.evaluate(
      async ({ b64, width, height, q }) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        canvas.getContext('2d')!.drawImage(img, 0, 0, width, height);
        return canvas.toDataURL('image/webp', q);
      },
      { b64: png.toString('base64'), width: SHOT_SIZE.width, height: SHOT_SIZE.height, q: quality },
    );
    if (!dataUrl.startsWith('data:image/webp')) throw new Error('This Chromium cannot encode WebP');
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  } finally {
    await page.close();
  }
}

async function scrollTo(page: Page, id: string) {
  await page.locator(`#${id}`).first().waitFor({ state: 'visible' });
  await page.evaluate((target) => {
    document.getElementById(target)?.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -12);
  }, id);
  // The section is where it stays (a header that hides on scroll has finished moving).
  await untilStill(page, `#${id}`);
}

/** How to bring each screen up, once signed in (the login page is taken before). */
const SCREENS: Record<Exclude<Shot, 'login'>, (page: Page, lang: Lang) => Promise<void>> = {
  dashboard: async (page) => {
    await page.goto('/dashboard');
    await settle(page);
  },
  'profile-documents': async (page) => {
    await page.goto('/profile#documents');
    await settle(page);
    await scrollTo(page, 'documents');
  },
  'profile-kyc': async (page) => {
    await page.goto('/profile#kyc');
    await settle(page);
    await scrollTo(page, 'kyc');
  },
  'profile-bank': async (page) => {
    await page.goto('/profile#bank');
    await settle(page);
    await scrollTo(page, 'bank');
  },
  'organization-tree': async (page) => {
    await page.goto('/organization');
    await settle(page);
  },
  'organization-wizard': async (page, lang) => {
    await page.goto('/organization');
    await settle(page);
    await page.getByRole('button', { name: LANGS[lang].toolbar.add, exact: true }).first().click();
    await page.getByRole('dialog').waitFor({ state: 'visible' });
    await settle(page);
  },
  notifications: async (page) => {
    await page.goto('/notifications');
    await settle(page);
  },
};

async function main() {
  const quality = Number(values.quality);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  let bytes = 0;
  try {
    for (const lang of Object.keys(LANGS) as Lang[]) {
      fs.mkdirSync(path.join(OUT, lang), { recursive: true });
      const context = await browser.newContext({
        baseURL: values.url,
        viewport: SHOT_SIZE,
        deviceScaleFactor: 1,
        locale: lang === 'th' ? 'th-TH' : 'en-US',
      });
      await context.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
      const page = await context.newPage();
      const save = async (shot: Shot) => {
        const file = path.join(OUT, lang, `${shot}.webp`);
        const image = await webp(browser, await page.screenshot({ type: 'png' }), quality);
        fs.writeFileSync(file, image);
        bytes += image.length;
        console.log(`  ${lang}/${shot}.webp  ${(image.length / 1024).toFixed(0)} KiB`);
      };

      await page.goto('/auth/login');
      await page.getByTestId('login-username').waitFor();
      await settle(page);
      await save('login');
      await page.getByTestId('login-username').fill(values.user!);
      await page.getByTestId('login-password').fill(values.password!);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/auth/'), { timeout: 20_000 });

      for (const shot of SHOTS) {
        if (shot === 'login') continue;
        await SCREENS[shot](page, lang);
        await save(shot);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`${SHOTS.length * 2} screenshots, ${(bytes / 1024).toFixed(0)} KiB in ${OUT}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
