import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import mantinePreset from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';

const API = 'http://127.0.0.1:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
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
    // The bundle measure script reads the manifest to follow the /auth/login chunk graph.
    manifest: true,
    target: 'es2022',
  },
});
