import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { apiLayers } from './eslint/api-layers.js';

/**
 * Features do not import each other (issue 11): a file under apps/web/src/features/<A>/ may not
 * import (statically, re-export or import()) anything under features/<B>/. What two features share
 * belongs in apps/web/src/components/ or lib/, which import no feature at all (issue 20). The
 * target is resolved from the file, so any depth of `../` is caught, and a new feature folder is
 * covered without listing it here.
 */
const WEB_SRC = path.join(import.meta.dirname, 'apps/web/src');
const FEATURES_DIR = path.join(WEB_SRC, 'features');
const SHARED_DIRS = ['lib', 'components'];
const portal = {
  rules: {
    'api-layers': apiLayers,
    'no-cross-feature-imports': {
      meta: {
        type: 'problem',
        docs: { description: 'A feature of the portal may not import another feature' },
        messages: {
          cross:
            "The '{{from}}' feature imports the '{{to}}' feature ({{source}}): move what both need to apps/web/src/components/ or lib/.",
          shared:
            "apps/web/src/{{from}}/ imports the '{{to}}' feature ({{source}}): what lib/ and components/ hold serves every feature and imports none; move the part it needs here, or the code to the feature.",
        },
        schema: [],
      },
      create(context) {
        const file = context.filename;
        const layer = path.relative(WEB_SRC, file).split(path.sep)[0];
        const shared = SHARED_DIRS.includes(layer);
        const own = path.relative(FEATURES_DIR, file).split(path.sep)[0];
        const inFeature = own && !own.startsWith('..') && !path.isAbsolute(own);
        if (!inFeature && !shared) return {};
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = path.relative(FEATURES_DIR, path.resolve(path.dirname(file), source));
          const to = target.split(path.sep)[0];
          if (!to || to.startsWith('..') || path.isAbsolute(target) || to === own) return;
          if (shared) context.report({ node, messageId: 'shared', data: { from: layer, to, source } });
          else context.report({ node, messageId: 'cross', data: { from: own, to, source } });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.test-data/**',
      'apps/api/drizzle/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, portal },
    rules: {
      'portal/no-cross-feature-imports': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    plugins: { portal },
    rules: { 'portal/api-layers': 'error' },
  },
  {
    // No import cycles anywhere in the sources (tests and scripts may reach into anything).
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
