import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import fences: shared imports nothing of ours; server and web never import each other; inside
 * the server, services know no HTTP, routes no SQL and providers no features; inside the web app,
 * lib imports no entities and entities no features. Each entry is
 * [patterns, message]. ESLint keeps only the last `no-restricted-imports` that matches a file, so
 * a file's entry lists every fence that applies to it.
 */
const fence = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});
const serverNotWeb = [['**/web/**'], 'server must not import web code; share through src/shared'];
const serviceNotHttp = [
  ['fastify', 'fastify/**', '@fastify/*', 'fastify-*', '**/plugins/**'],
  'services must not import Fastify or plugins/: take plain inputs from the route and throw AppError',
];
const routeNotSql = [
  ['**/db/**', '**/*.repo', '**/*.repo.js', '**/*.repo.ts'],
  'routes must not import db/ or repos: call the module\'s service',
];
const engineIsCore = [
  ['**/modules/**', '**/providers/**', '**/plugins/**', '**/db/**', 'fastify', 'fastify/**'],
  'the engine is the core: it imports shared/, geo/ and lib/ only; providers and modules use it through engine/index.ts',
];
const moduleThroughIndex = [
  ['../*/*', '!../../**', '!../*/index', '!../*/index.js', '!../*/index.ts'],
  "another module is used through its index.ts only: import '../<module>/index.js'",
];
const providerNotFeature = [['**/modules/**'], 'providers must not import modules/: a feature uses a provider, never the other way'];
// The web floors, bottom up: lib (infrastructure) < entities (billing, portfolio, report) < features < app.
const webNotServer = [['**/server/**'], 'web must not import server code; share through src/shared'];
const entityNotFeature = [
  ['**/features/**', '**/app/**'],
  'entities must not import features or app: they hold what several features share and use lib/ and components/ only',
];
const libNotAbove = [
  ['**/entities/**', '**/features/**', '**/app/**'],
  'lib must not import entities, features or app: it is the bottom floor of the web app',
];

/**
 * Feature fences (bulletproof-react): src/web/features/<a> never imports
 * src/web/features/<b>; what two features share moves to src/web/lib or src/web/components.
 * Resolves every relative import (static, dynamic, re-export) against the importing file.
 */
const featuresDir = fileURLToPath(new URL('./src/web/features', import.meta.url));
const featureOf = (file) => {
  const rel = relative(featuresDir, file);
  if (rel.startsWith('..') || isAbsolute(rel)) return null;
  const [name, ...rest] = rel.split(sep);
  return rest.length ? name : null;
};
const featureFences = {
  rules: {
    'no-cross-feature-imports': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { crossFeature: 'features/{{from}} must not import features/{{to}}: move what both need to src/web/lib or src/web/components.' },
      },
      create(context) {
        const from = featureOf(context.filename);
        if (!from) return {};
        const check = (node) => {
          const value = node.source?.type === 'Literal' ? node.source.value : null;
          if (typeof value !== 'string' || !value.startsWith('.')) return;
          const to = featureOf(resolve(dirname(context.filename), value));
          if (to && to !== from) context.report({ node: node.source, messageId: 'crossFeature', data: { from, to } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...fence(webNotServer),
    },
  },
  {
    files: ['src/web/entities/**/*.{ts,tsx}'],
    rules: fence(webNotServer, entityNotFeature),
  },
  {
    files: ['src/web/lib/**/*.{ts,tsx}'],
    rules: fence(webNotServer, libNotAbove),
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    plugins: { 'feature-fences': featureFences },
    rules: { 'feature-fences/no-cross-feature-imports': 'error' },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: fence(serverNotWeb),
  },
  {
    files: ['src/server/modules/**/*.ts'],
    rules: fence(serverNotWeb, moduleThroughIndex),
  },
  {
    files: ['src/server/modules/**/*.service.ts'],
    rules: fence(serverNotWeb, serviceNotHttp, moduleThroughIndex),
  },
  {
    files: ['src/server/modules/**/*.routes.ts'],
    rules: fence(serverNotWeb, routeNotSql, moduleThroughIndex),
  },
  {
    files: ['src/server/providers/**/*.ts'],
    rules: fence(serverNotWeb, providerNotFeature),
  },
  {
    files: ['src/server/engine/**/*.ts'],
    ignores: ['src/server/engine/**/*.test.ts'],
    rules: fence(serverNotWeb, engineIsCore),
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: fence([['**/server/**', '**/web/**', 'node:*'], 'shared is pure: no server, web or node imports']),
  },
);
