// ESLint (flat config): typescript-eslint's type-aware recommended and strict rules, React hooks and
// jsx-a11y on the web app. Formatting is Prettier's (npm run format:check), not ESLint's. Every rule
// turned off or tuned here says why; a rule is never switched off in a file without a comment.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['node_modules', 'dist', 'dist-*', 'web/dist*', 'cdk.out', 'test-results', 'playwright-report', '.bench'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // noUncheckedIndexedAccess makes every indexed read `T | undefined`; a `!` right after the check
      // that makes it safe (a length, a regex match, a key just set) is the idiom we accept.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // React's event props take `() => void`; an async handler there is intended (errors go to the
      // query/mutation's own handling). Everywhere else a promise where a void is expected is an error.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // An action or a port's method is async to keep its interface (it returns a promise) even when
      // this implementation has nothing to await; the rule would have us write Promise.resolve by hand.
      '@typescript-eslint/require-await': 'off',
      // Our modules pass plain functions and objects of functions (route actions, stop callbacks); the
      // rule cannot tell those from a class's methods, and the classes we use (AWS SDK clients) are
      // never detached.
      '@typescript-eslint/unbound-method': 'off',
      // `T | void` is how AWS's handler types and TanStack's mutations say "may answer nothing"; we
      // follow their types rather than restate them.
      '@typescript-eslint/no-invalid-void-type': 'off',
      // A leading underscore marks an argument kept for its position (handlers' signatures).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      // This rule is about the React Compiler's memoisation, which the app does not use; react-hook-form's
      // watch() is the case it reports.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // Tests and the benchmark read HTTP answers as untyped JSON on purpose: the expectations are the
    // typing (a test typed with the contract's own types could not catch the contract drifting). The
    // capacity model likewise, and the SDK's commands in either form (document or low-level) as it records them.
    files: [
      'test/**/*.ts',
      'scripts/bench/**/*.ts',
      'scripts/bench.ts',
      'scripts/capacity/**/*.ts',
      'scripts/capacity.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
);
