// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.waybill/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // The console adds data to the page as text nodes only, so run answers and arguments cannot inject markup.
    files: ['src/console/browser/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Add data as text nodes (h() children), never parsed as markup.' },
        { property: 'outerHTML', message: 'Add data as text nodes (h() children), never parsed as markup.' },
        { property: 'insertAdjacentHTML', message: 'Add data as text nodes (h() children), never parsed as markup.' },
        { object: 'document', property: 'write', message: 'Add data as text nodes (h() children), never parsed as markup.' },
      ],
    },
  },
  {
    files: ['src/cli/**/*.ts', '**/*.test.ts', 'test/**/*.ts', 'bench/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
