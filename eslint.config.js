import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Syntax-only typescript-eslint rules: the type-aware sets double the lint time on 2 cores, and
// `tsc` already checks types in `npm test`. typescript-eslint parses with TypeScript's JS API,
// which TypeScript 7 does not ship, so package.json installs TypeScript 6's API package as
// `typescript` and TypeScript 7 as `@typescript/native`, which provides the `tsc` that builds.
export default defineConfig([
  globalIgnores(['dist/', 'scratch/', 'datasets/', 'rules/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  { languageOptions: { globals: globals.node } },
  // Hooks and components live in tui/; the TUI tests render them.
  { files: ['tui/**/*.{ts,tsx}', 'test/tui/**/*.tsx'], extends: [reactHooks.configs.flat.recommended] },
  {
    rules: {
      // A leading underscore marks a binding kept on purpose: a callback parameter the signature
      // requires, or a field dropped from an object by destructuring it out of a rest copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
]);
