// ESLint for the store (docs/architecture.md#6-quality-bars): TypeScript, React hooks, accessibility, and the layering
// rule that keeps server code (app/server, *.server.ts) out of components and app/lib, which the browser bundles.
// Formatting is Prettier's.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverImports = {
  patterns: [
    {
      group: ['~/server', '~/server/*', '**/server/*', '*.server', '**/*.server'],
      message: 'Server code stays out of components and app/lib: the browser bundles them.',
    },
    { group: ['~/db/*', '**/db/*'], message: 'The database schema is server code.' },
  ],
};

const simulatorImports = {
  patterns: [
    {
      group: ['**/server/paystack-simulator', '**/server/paystack-simulator/*'],
      message: 'The Paystack simulator is a development tool: the production build never loads it (decision 0032).',
    },
  ],
};

// The Express app and its middleware (server/) run only under Express: the app (routes, components, app/server) must
// work under any React Router adapter, so it never imports them (docs/architecture.md#3-folder-layout).
const expressImports = {
  patterns: [
    {
      group: ['**/server/app', '**/server/middleware', '**/server/middleware/*', '**/server/page-cache/*'],
      message: 'Express-only code (server/) stays out of the app: routes and app/server run under any adapter.',
    },
  ],
};

// Forms take Conform through app/components/forms/schema-form.ts, which fixes when a field's message may appear
// (decision 0039: never when a field is left, so no control moves under a pointer); a form cannot opt out.
const conformImports = {
  paths: [
    {
      name: '@conform-to/react',
      importNames: ['useForm'],
      message: 'Use useSchemaForm (app/components/forms/schema-form.ts): it fixes when errors show (decision 0039).',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.build-*/',
      '.react-router/',
      'node_modules/',
      'data/',
      'drizzle/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The Paystack simulator is a development tool outside the production bundle (decision 0032): the app and the
    // Express app never import it; tests may start it, and scripts/serve.ts loads it only when it starts one.
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'server/paystack-simulator/**'],
    rules: { 'no-restricted-imports': ['error', simulatorImports] },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'app/components/**', 'app/lib/**', 'app/hooks/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...conformImports, patterns: [...simulatorImports.patterns, ...expressImports.patterns] },
      ],
    },
  },
  {
    files: ['app/components/**/*.{ts,tsx}', 'app/lib/**/*.{ts,tsx}', 'app/hooks/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...conformImports,
          patterns: [...serverImports.patterns, ...simulatorImports.patterns, ...expressImports.patterns],
        },
      ],
    },
  },
  prettier,
);
