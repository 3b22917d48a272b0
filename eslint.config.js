// ESLint: typescript-eslint's strict type-checked rules everywhere, React's hooks rules and jsx-a11y
// for the web app. Formatting is Prettier's (eslint-config-prettier is not needed: no stylistic rules here).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'dist-bench/**',
      'node_modules/**',
      '.cache/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'src/api/schema.ts',
      'src/api/validators.ts',
      'src/api/publicValidators.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Numbers and booleans in template strings read fine; objects and unknowns still do not.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // One way to call the provider's custom methods (issue #39): screens use the hooks of the data layer,
    // src/web/providers/data/ (useProviderQuery, useProviderMutation) and each feature's hooks.ts (its
    // named hooks), which key every read alike and apply what each method declares stale; TanStack Query
    // stays inside that layer (providers/data/, features' data.ts and hooks.ts).
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/providers/data/**', 'src/web/features/**/data.ts', 'src/web/features/**/hooks.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              message:
                'Call a custom method through useProviderQuery/useProviderMutation (providers/data/providerHooks.ts).',
            },
          ],
          patterns: [
            {
              regex: '(^|/)providers/data/query$',
              message:
                'Call a custom method through useProviderQuery/useProviderMutation (providers/data/providerHooks.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read response bodies (`res.json()`, `any`) and assert on them, and `!` there states what the
    // test expects; a wrong guess fails the test, so these type-level guards add nothing in tests.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
