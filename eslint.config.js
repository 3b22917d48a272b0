// ESLint: typescript-eslint's strict type-checked rules everywhere, React's hooks rules and jsx-a11y
// for the web app. Formatting is Prettier's (eslint-config-prettier is not needed: no stylistic rules here).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';

// Feature boundaries (issue #39, docs/web.md): another feature, and the shell around the features, reach
// a feature only through the files at the top of its folder that say what it offers: index.ts (its
// Feature), data.ts (adapters, custom methods), hooks.ts, i18n.ts (texts), public.ts (components and
// helpers others reuse) and reads.ts (its pages' first reads, asked as the app starts); everything else
// in the folder is the feature's own. no-restricted-imports reads an import as written, not resolved, so
// each folder of src/web gets the patterns of its own relative way into features/ (a new feature or
// folder is picked up when ESLint starts).
const FEATURES = 'src/web/features';
const PUBLIC = '(?:index|data|hooks|i18n|public|reads)(?:\\.tsx?)?$';
const BOUNDARY_MESSAGE =
  "Another feature is imported through its index.ts, data.ts, hooks.ts, i18n.ts, public.ts or reads.ts (docs/web.md); move what several features share to src/web/common/ or export it from the owner's public.ts.";
const subfolders = (dir) =>
  fs
    .readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `${dir}/${e.name}`);
const folders = (dir) => [dir, ...subfolders(dir).flatMap(folders)];
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const featureNames = subfolders(FEATURES).map((dir) => path.posix.basename(dir));

function featureBoundary(dir) {
  const inside = path.posix.relative(FEATURES, dir);
  const own = inside.startsWith('..') ? undefined : inside.split('/')[0];
  const others = `(?:${featureNames
    .filter((name) => name !== own)
    .map(escape)
    .join('|')})`;
  const regexes = [
    // Any relative way that names features/<other>/ (the shell's imports, or a detour from inside).
    `^\\.\\.?/(?:.*/)?features/${others}/(?!${PUBLIC})`,
    // A path that climbs back after a step down (`./a/../b`) would hide where it lands.
    '^\\./\\.\\.|(?:^|/)[^./][^/]*/\\.\\.(?:/|$)',
  ];
  if (own !== undefined) {
    // Inside features/: a sibling feature is `../` as many times as the folder is deep, then its name.
    const up = path.posix.relative(dir, FEATURES) || '.';
    regexes.push(`^${escape(up)}/${others}/(?!${PUBLIC})`);
  }
  return {
    files: [`${dir}/*.{ts,tsx}`],
    rules: {
      // typescript-eslint's copy of the rule, so this does not replace the data path's no-restricted-imports below.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: regexes.map((regex) => ({ regex, message: BOUNDARY_MESSAGE })) },
      ],
    },
  };
}

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
      // One program for the whole repository (tsconfig.eslint.json says why), not one per project.
      parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname },
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
            {
              name: 'react-admin',
              importNames: ['List'],
              message:
                "Use common/List: react-admin's List submits a typed filter after the person has left the list and takes them back to it.",
            },
            {
              name: 'react-admin',
              importNames: ['Pagination'],
              message:
                "Use common/Pagination: react-admin's names a phone's page arrows in English whatever the language.",
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
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXAttribute[name.name="warnWhenUnsavedChanges"]',
          message:
            'Put <AskBeforeLeaving /> (common/forms.tsx) in the form: react-admin\'s own question can stop coming after a "Stay".',
        },
      ],
    },
  },
  ...folders('src/web').map(featureBoundary),
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
