import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import mantinePreset from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';
// By path: Vite loads its config with Node, which cannot import the contracts package's TypeScript.
import { PORTAL_ROUTES_FILE } from '../../packages/contracts/src/portal-routes';
import { routePatterns } from './src/lib/paths';
import { moduleSizes } from './scripts/module-sizes';

const API = 'http://127.0.0.1:8080';

/** Addresses the server answers itself (the APIs, its own pages): never the portal's page. */
const SERVER_PATHS =
  /^\/(member|network|shop|staff\/v1|dev|docs|files|health|ready|metrics|config\.json)(\/|$)/;

/**
 * The installable portal (issue 23, item 10): a web app manifest and a service worker made by
 * vite-plugin-pwa (Workbox's generateSW). The worker precaches the shell: index.html, the first
 * script and its styles (the sign-in page and the offline message), the fonts (woff2) and icons, and
 * answers a page's address with it, so an offline start still shows the portal and its offline
 * message. Every other chunk is cached when first used: precaching the whole build (1.05 MB brotli,
 * 321 files) on a first visit took a phone's bandwidth while the member signed in (issue 24). It never caches an API answer: API calls go to the network
 * (only /config.json, the portal's settings, is kept for an offline start, asked from the network
 * first). registerSW.js (a file: the CSP allows no inline script) registers it; a new build's worker
 * takes over at the next load (autoUpdate).
 */
const pwa = VitePWA({
  registerType: 'autoUpdate',
  injectRegister: 'script',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'ศูนย์สมาชิก สบายช้อป · SabaiShop Member Center',
    short_name: 'สบายช้อป',
    description: 'ศูนย์สมาชิก สบายช้อป · SabaiShop Member Center',
    lang: 'th',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#f8f9fa',
    theme_color: '#008a73',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The first script is the build's only `index-*` chunk (Vite names an entry after its file).
    globPatterns: ['index.html', 'assets/index-*.{js,css}', 'assets/*.woff2', 'favicon.svg', 'icons/*.png'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [SERVER_PATHS],
    cleanupOutdatedCaches: true,
    // A new worker takes the open pages at once (the first visit too: an offline start needs it).
    clientsClaim: true,
    skipWaiting: true,
    // The portal ships no source maps (build.sourcemap is 'hidden' and the size plugin drops them).
    sourcemap: false,
    runtimeCaching: [
      {
        // What the build fingerprinted and the precache left out: cached when first used.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'portal-assets', expiration: { maxEntries: 60 } },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
        handler: 'NetworkFirst',
        options: { cacheName: 'portal-config', networkTimeoutSeconds: 5 },
      },
    ],
  },
});

/**
 * Writes the portal's route patterns (from src/lib/paths.ts) next to Vite's manifest: the server
 * answers 404 for any other address, from the same build it serves (contracts/src/portal-routes.ts).
 */
function portalRoutes(): Plugin {
  return {
    name: 'portal-routes',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: PORTAL_ROUTES_FILE,
        source: `${JSON.stringify({ routes: routePatterns() }, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    portalRoutes(),
    pwa,
    // Bytes per source module of every chunk, for the size check's list of what grew.
    moduleSizes({ root: path.resolve(import.meta.dirname, '../..') }),
    // Every text file also as .br and .gz (best compression, once, at build time): the server sends
    // the one the browser accepts (@fastify/static's preCompressed).
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/^\.vite\//], logLevel: 'silent' }),
  ],
  css: {
    postcss: {
      plugins: [
        mantinePreset(),
        // Mantine's breakpoints as $variables, so CSS modules can write @media (max-width: $mantine-breakpoint-sm).
        simpleVars({
          variables: {
            'mantine-breakpoint-xs': '36em',
            'mantine-breakpoint-sm': '48em',
            'mantine-breakpoint-md': '62em',
            'mantine-breakpoint-lg': '75em',
            'mantine-breakpoint-xl': '88em',
          },
        }),
      ],
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/member', '/network', '/shop', '/staff/v1', '/config.json', '/dev'].map((prefix) => [
        prefix,
        { target: API, changeOrigin: false },
      ]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(
      ['/member', '/network', '/shop', '/staff/v1', '/config.json', '/dev'].map((prefix) => [
        prefix,
        { target: API, changeOrigin: false },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The size check (scripts/check-bundle.mjs) and the bundle measure read the manifest to follow
    // each page's chunk graph.
    manifest: true,
    // Read by the module-sizes plugin only, which drops them: the portal ships no source maps.
    sourcemap: 'hidden',
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the first script imports, the sign-in page included, is one file instead of
            // several: each costs the sign-in page its response headers (decision 015).
            { name: 'boot', tags: ['$initial'], priority: 2 },
          ],
        },
      },
    },
  },
});
