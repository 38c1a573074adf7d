import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import fences: shared imports nothing of ours; server and web never import each other. */
const fence = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

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
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...fence(['**/server/**'], 'web must not import server code; share through src/shared'),
    },
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    plugins: { 'feature-fences': featureFences },
    rules: { 'feature-fences/no-cross-feature-imports': 'error' },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: fence(['**/web/**'], 'server must not import web code; share through src/shared'),
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: fence(['**/server/**', '**/web/**', 'node:*'], 'shared is pure: no server, web or node imports'),
  },
);
