// ESLint (flat config): typescript-eslint's recommended rules, and import-x's no-cycle so that
// imports keep running one way. Formatting is Prettier's job (.prettierrc.json).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const node = {
  process: 'readonly',
  console: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
  URL: 'readonly',
  Buffer: 'readonly',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'src/generated/**',
      'coverage/**',
      'reports/**',
      'bench/out/**',
      '.data/**',
      'openapi/**',
      'web/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    languageOptions: { globals: node },
    rules: {
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The layers (docs/design.md#layers): the engine imports nothing else of the service, and the
    // solvers only the engine, so the bots and the collusion audit above share them without a loop.
    // Tests may reach up for the harness they drive the code with.
    files: ['src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.testkit.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/engine', from: './src', except: ['./engine'] },
            { target: './src/solvers', from: './src', except: ['./engine', './solvers'] },
          ],
        },
      ],
    },
  },
  {
    // Scripts, benchmarks and tests read JSON answers of any shape; the service and the engine may not.
    files: ['scripts/**', 'bench/**', 'test/**', '**/*.spec.ts', '**/*.testkit.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
