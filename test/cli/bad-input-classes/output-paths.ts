import type { BadInput } from './types.js';

const MATCHERS = 'export const matchers = { same: (g, p) => ({ score: 1, passed: g === p, reason: "same" }) };\n';
const onto = (what: string) => `it is ${what} (`;

/**
 * Output paths a command must not write: the workspace (by any name), SQLite's files beside it,
 * a file the same command reads, a folder. Links and descriptors: test/cli/output-paths.test.ts.
 */
export const OUTPUT_PATHS_CLASSES: BadInput[] = [
  { what: 'an export onto the workspace', bin: true, args: ['export', 'w.db'], code: 2, fragment: `refusing to write w.db: ${onto('the workspace')}`, fix: ['export', 'out.jsonl'] },
  { what: 'an export onto the workspace as ./w.db', args: ['export', './w.db'], code: 2, fragment: `refusing to write ./w.db: ${onto('the workspace')}` },
  { what: "an export onto the workspace's -wal", args: ['export', 'w.db-wal'], code: 2, fragment: onto("the workspace's write-ahead log") },
  { what: "an export onto the workspace's -shm", args: ['export', 'w.db-shm'], code: 2, fragment: onto("the workspace's shared-memory file") },
  { what: "an export onto the workspace's -journal", args: ['export', 'w.db-journal'], code: 2, fragment: onto("the workspace's rollback journal") },
  { what: 'rules export onto the workspace', bin: true, args: ['rules', 'export', 'w.db'], code: 2, fragment: onto('the workspace'), fix: ['rules', 'export', 'rules.json'] },
  { what: 'report --out onto the workspace', args: ['report', '--out', 'w.db'], code: 2, fragment: onto('the workspace'), fix: ['report', '--out', 'report.html'] },
  {
    what: 'a prediction export onto the workspace',
    args: ['export', 'w.db', '--predictions', '--format', 'labelstudio'],
    code: 2,
    fragment: onto('the workspace'),
    fix: ['export', 'review.json', '--predictions', '--format', 'labelstudio'],
  },
  {
    what: 'report --out onto its own --matchers module',
    files: { 'm.mjs': MATCHERS },
    args: ['report', '--matchers', 'm.mjs', '--out', 'm.mjs'],
    code: 2,
    fragment: onto('the matcher module (--matchers)'),
  },
  { what: 'an export onto a folder', files: { 'dir/keep': '' }, args: ['export', 'dir'], code: 2, fragment: 'cannot write dir: it is a folder; pass a file path' },
  { what: 'an export into a folder that does not exist', args: ['export', 'missing/x.jsonl'], code: 2, fragment: /cannot write missing\/x\.jsonl: the folder \/.*\/missing does not exist; create it or choose another path/ },
];
