import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Web layers point one way, as in bulletproof-react: shared (components, lib, config, hooks, types) -> features -> app.
// A feature imports no other feature; a page that composes two features lives in app/. Relative imports may climb
// one folder at most (inside a feature or a shared folder); anything further goes through '@/...', where these
// patterns can see it. src/test (test helpers) and main.tsx stand outside the layers.
const WEB = 'apps/web/src';
const FEATURES = readdirSync(`${import.meta.dirname}/${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED = ['components', 'lib', 'config', 'hooks', 'types'];

const CLIMB = { regex: '^\\.\\./\\.\\./', message: "Climb at most one folder; import from '@/...' instead." };
const NO_APP = { regex: '^@/app(/|$)', message: 'Only app/ imports app/: move what you need into a feature or a shared folder.' };
const NO_FEATURES = {
  regex: '^(@|\\.\\.)/features(/|$)',
  message: 'Shared code (components, lib, config, hooks, types) imports no feature.',
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const webLayers = [
  {
    files: SHARED.map((dir) => `${WEB}/${dir}/**/*.{ts,tsx}`),
    rules: restrict(CLIMB, NO_APP, NO_FEATURES, { regex: '^\\.\\./app(/|$)', message: NO_APP.message }),
  },
  ...FEATURES.flatMap((feature) => {
    const otherFeature = {
      regex: `^@/features/(?!${feature}/)`,
      message: `A feature imports no other feature (this is features/${feature}): compose them in app/, or move the shared part to a shared folder.`,
    };
    // A file at the top of a feature would reach a sibling feature with a single '../'.
    const sibling = { regex: '^\\.\\./', message: otherFeature.message };
    return [
      { files: [`${WEB}/features/${feature}/**/*.{ts,tsx}`], rules: restrict(CLIMB, NO_APP, otherFeature) },
      { files: [`${WEB}/features/${feature}/*.{ts,tsx}`], rules: restrict(CLIMB, NO_APP, otherFeature, sibling) },
    ];
  }),
  { files: [`${WEB}/app/**/*.{ts,tsx}`], rules: restrict(CLIMB) },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**', '.test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // A cycle between web modules breaks the layers' one direction and Vite's chunking: none allowed.
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  ...webLayers,
  {
    // Server layers: a module (routes, services, repositories) depends on lib/ and db/, never on a plugin; the composition
    // root (app.ts) wires plugins and modules together. Tests may build a plugin to test through it.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict({ regex: '^(\\.\\./)+plugins/', message: 'A module imports no plugin: move what both need into lib/.' }),
  },
  {
    // Libraries only some calls need load on first use, inside the function (`await import(...)`): a top-level import
    // is loaded before the server answers its first request (docs/modules.md, decisions 013 and 034). Types are free.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**', 'apps/server/src/security/**', 'apps/server/src/db/seed/**', 'apps/server/src/cli/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@simplewebauthn/server', 'qrcode', 'ioredis', 'sharp', '@aws-sdk/client-s3'].map((name) => ({
            name,
            allowTypeImports: true,
            message: `${name} loads on first use: import it inside the function that needs it (docs/modules.md).`,
          })),
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['deploy/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly' } },
  },
);
