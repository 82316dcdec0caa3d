import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layers, as lint errors (test/layers.test.ts checks the same by resolving every import, and
// checks that no imports form a cycle). Each `files` set below gets one `no-restricted-imports`
// entry with all of its limits: in a flat config a later entry for a file replaces the rule's
// options instead of adding to them. The patterns match relative specifiers by the folder names
// they climb into, which is exact here because no layer has a subfolder named like a layer.
const DRIVER = { regex: '^better-sqlite3$', message: 'SQL lives in src/store: reach the database through the store.' };

// core is the pure bottom layer: what imports it must not be imported back, and it does no I/O
// (it may use vm for the regex time guard, crypto for hashes, module for createRequire).
const CORE_LIMITS = [
  {
    regex: '^(\\.\\./)+((store|service|learn|cli|formats|report|runtime|tui)/|index\\.js$)',
    message: 'src/core is the bottom layer: it may import only src/core and pure libraries.',
  },
  {
    regex: '^(node:)?(fs|child_process|net|http|https|http2|dgram|tls|readline|worker_threads|cluster)(/|$)',
    message: 'src/core does no I/O: read and write in src/store, src/formats or src/service and pass the data in.',
  },
  DRIVER,
];

// The CLI and the TUI reach the rest through the service's entry point. They may also read
// core's data shapes (schemas: types, enums and their guards), its error class (thrown by every
// layer, caught and printed by both) and its empty-value mark: pure leaves that every layer
// shares. `extraService` names the other service modules a front end may import on purpose.
const frontEndLimits = (extraService) => [
  {
    regex: '^(\\.\\./)+(src/)?(store|learn|formats|report|runtime)/|^(\\.\\./)+(src/)?index\\.js$',
    message: 'The CLI and the TUI reach the store, learning, formats, reports and runtime only through src/service/index.ts.',
  },
  {
    regex: '^(\\.\\./)+(src/)?core/(?!schemas/|errors\\.js$|none\\.js$|shell-word\\.js$)',
    message: 'The CLI and the TUI may import from src/core only schemas/, errors.js, none.js and shell-word.js; anything else comes through src/service/index.ts.',
  },
  {
    regex: `^(\\.\\./)+(src/)?service/(?!(${['index', 'types', ...extraService].join('|')})\\.js$)`,
    message: 'The CLI and the TUI import the service through src/service/index.ts (and its types.ts).',
  },
  DRIVER,
];

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
  { files: ['src/core/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: CORE_LIMITS }] } },
  // `extract --rules FILE` needs no workspace, so that command imports service/extract.ts alone,
  // not the entry point that loads the store and its driver (test/cli/start-up.test.ts).
  { files: ['src/cli/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: frontEndLimits(['extract']) }] } },
  { files: ['tui/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: frontEndLimits([]) }] } },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/store/**', 'src/core/**', 'src/cli/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DRIVER] }] },
  },
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
