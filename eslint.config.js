import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import fences, by folder: shared imports nothing of ours; server and web never import each
 * other. Inside the server the floors run lib < geo < engine < db, providers, plugins < modules <
 * the composition roots (app.ts, cpu-tasks.ts): lib and geo import nothing above them, plugins no
 * module or provider, providers no module; a module's code knows no HTTP (its routes do), its
 * routes no SQL, and another module is reached through its index.ts only. Inside the web app, lib
 * imports no entities and entities no features. Package names are fenced with
 * `no-restricted-imports` ([patterns, message] entries; ESLint keeps only the last one that
 * matches a file, so a file's entry lists every fence that applies to it); our own files with
 * the `floors` rules below, which resolve each relative import against the importing file.
 */
const fence = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});
const serverNotWeb = [['**/web/**'], 'server must not import web code; share through src/shared'];
const moduleNotHttp = [
  ['fastify', 'fastify/**', '@fastify/*', 'fastify-*', '**/plugins/**'],
  'a module\'s services and helpers must not import Fastify or plugins/ (its *.routes.ts do): take plain inputs from the route and throw AppError',
];
const routeNotSql = [
  ['**/db/**', '**/*.repo', '**/*.repo.js', '**/*.repo.ts'],
  'routes must not import db/ or repos: call the module\'s service',
];
const engineNotHttp = [['fastify', 'fastify/**', '@fastify/*'], 'the engine is the core: it knows no HTTP'];
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
 * Floors over our own files: every relative import (static, dynamic, re-export) is resolved
 * against the importing file, so a fence holds however the path is spelled.
 * - `no-cross-feature-imports`: src/web/features/<a> never imports src/web/features/<b>; what
 *   two features share moves to src/web/entities, src/web/lib or src/web/components.
 * - `module-through-index`: src/server/modules/<a> imports src/server/modules/<b>/index.ts only.
 * - `imports-below`: a server folder imports only the places its options list ('shared', 'web',
 *   a folder of src/server, or a file directly in src/server such as 'config.ts').
 */
const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const featuresDir = join(srcDir, 'web', 'features');
const modulesDir = join(srcDir, 'server', 'modules');
const inside = (dir, file) => {
  const rel = relative(dir, file);
  return rel.startsWith('..') || isAbsolute(rel) ? null : rel.split(sep);
};
/** The folder directly under `dir` that holds `file` (a file directly in `dir` has none). */
const sliceOf = (dir, file) => {
  const parts = inside(dir, file);
  return parts && parts.length > 1 ? parts[0] : null;
};
/** Where a file of src/ stands: 'shared', 'web', a folder of src/server, or 'root' (src/server/*.ts). */
const placeOf = (file) => {
  const parts = inside(srcDir, file);
  if (!parts || parts.length < 2) return null;
  if (parts[0] !== 'server') return parts[0];
  return parts.length > 2 ? parts[1] : parts[1].replace(/\.(js|ts)$/, '.ts');
};
/** Calls `check(node, target)` for each relative import of the file, resolved to a path. */
const eachImport = (context, check) => {
  const visit = (node) => {
    const value = node.source?.type === 'Literal' ? node.source.value : null;
    if (typeof value === 'string' && value.startsWith('.')) check(node, resolve(dirname(context.filename), value));
  };
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
};
/**
 * A fence between the folders directly under `dir`: a file in one that imports from another is
 * reported, unless `allowed` accepts the imported path inside that other folder.
 */
const sliceFence = (dir, message, allowed = () => false) => ({
  meta: { type: 'problem', schema: [], messages: { fenced: message } },
  create(context) {
    const from = sliceOf(dir, context.filename);
    if (!from) return {};
    return eachImport(context, (node, target) => {
      const to = sliceOf(dir, target);
      if (to && to !== from && !allowed(inside(join(dir, to), target))) {
        context.report({ node: node.source, messageId: 'fenced', data: { from, to, path: node.source.value } });
      }
    });
  },
});
const floors = {
  rules: {
    'no-cross-feature-imports': sliceFence(
      featuresDir,
      'features/{{from}} must not import features/{{to}}: move what both need to src/web/lib or src/web/components.',
    ),
    'module-through-index': sliceFence(
      modulesDir,
      "another module is used through its index.ts only: import '../{{to}}/index.js', not {{path}}",
      (rest) => rest?.length === 1 && /^index(\.[jt]s)?$/.test(rest[0]),
    ),
    'imports-below': {
      meta: {
        type: 'problem',
        schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } }, message: { type: 'string' } }, additionalProperties: false }],
        messages: { above: '{{message}} (this import reaches {{to}})' },
      },
      create(context) {
        const { allow = [], message = '' } = context.options[0] ?? {};
        const from = placeOf(context.filename);
        return eachImport(context, (node, target) => {
          const to = placeOf(target);
          // src/web is refused by its own fence on every server file (serverNotWeb); src/locales
          // holds the message catalogues, data every floor may read.
          if (to && to !== from && to !== 'web' && to !== 'locales' && !allow.includes(to)) {
            const where = to.endsWith('.ts') ? `src/server/${to}` : to === 'shared' ? 'src/shared' : `${to}/`;
            context.report({ node: node.source, messageId: 'above', data: { message, to: where } });
          }
        });
      },
    },
  },
};
const serverTests = ['src/server/**/*.test.ts'];
const below = (allow, message) => ({ 'floors/imports-below': ['error', { allow, message }] });
const libIsBottom = below(['shared'], 'lib is the server\'s bottom floor: it imports lib/ and src/shared only; a port that a floor above implements is an interface here');
const geoOverLib = below(['lib', 'shared'], 'geo imports lib/ and src/shared only: the providers and the engine use it, never the other way');
const dbOverLib = below(['lib', 'shared'], 'db imports lib/ and src/shared only: modules and providers use it, never the other way');
const engineIsCore = below(
  ['geo', 'lib', 'shared'],
  'the engine is the core: it imports shared/, geo/ and lib/ only; providers and modules use it through engine/index.ts',
);
const providersUnderModules = below(
  ['engine', 'geo', 'lib', 'db', 'shared', 'config.ts'],
  'providers must not import modules/ (a feature uses a provider, never the other way), plugins/ or the composition roots',
);
const modulesUnderRoots = below(
  ['engine', 'geo', 'lib', 'db', 'providers', 'plugins', 'shared', 'config.ts'],
  'modules must not import the composition roots (app.ts, cpu-tasks.ts, main.ts): those build the modules',
);
const pluginsNotFeatures = below(
  ['lib', 'db', 'shared', 'config.ts'],
  'plugins must not import modules/ or providers/: they call the ports in lib/ (authenticator.ts) that modules implement',
);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { plugins: { floors } },
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
    rules: { 'floors/no-cross-feature-imports': 'error' },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: fence(serverNotWeb),
  },
  // Tests may reach across floors to build what they test; the production files may not.
  { files: ['src/server/lib/**/*.ts'], ignores: serverTests, rules: libIsBottom },
  { files: ['src/server/geo/**/*.ts'], ignores: serverTests, rules: geoOverLib },
  { files: ['src/server/db/**/*.ts'], ignores: serverTests, rules: dbOverLib },
  { files: ['src/server/plugins/**/*.ts'], ignores: serverTests, rules: pluginsNotFeatures },
  { files: ['src/server/providers/**/*.ts'], ignores: serverTests, rules: providersUnderModules },
  {
    files: ['src/server/engine/**/*.ts'],
    ignores: serverTests,
    rules: { ...engineIsCore, ...fence(serverNotWeb, engineNotHttp) },
  },
  {
    files: ['src/server/modules/**/*.ts'],
    rules: { 'floors/module-through-index': 'error', ...modulesUnderRoots, ...fence(serverNotWeb, moduleNotHttp) },
  },
  {
    files: ['src/server/modules/**/*.routes.ts'],
    rules: fence(serverNotWeb, routeNotSql),
  },
  {
    // A module's tests drive it over HTTP.
    files: ['src/server/modules/**/*.test.ts'],
    rules: { ...fence(serverNotWeb), 'floors/imports-below': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: fence([['**/server/**', '**/web/**', 'node:*'], 'shared is pure: no server, web or node imports']),
  },
);
