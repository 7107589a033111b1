import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import mantinePreset from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';
// By path: Vite loads its config with Node, which cannot import the contracts package's TypeScript.
import { PORTAL_ROUTES_FILE } from '../../packages/contracts/src/portal-routes';
import { routePatterns } from './src/lib/paths';
import { moduleSizes } from './scripts/module-sizes';

const API = 'http://127.0.0.1:8080';

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
