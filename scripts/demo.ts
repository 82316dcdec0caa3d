/**
 * `npm run demo`: the whole loop on the bundled data, with no API key and no network. In a fresh
 * workspace `./demo/rulewright.db` (replaced on every run) it, for each bundled dataset
 * (Banking77 intents: classification; Restaurant-8k slots: span extraction), imports the data,
 * carves a seeded dev split out of train, learns rules with the offline inducer, evaluates them,
 * measures and ranks every rule, and writes the HTML report to `./demo/<dataset>-report.html`.
 * Then it runs the shipped starter ruleset (`rules/banking77.json`) on new text with no workspace,
 * and prints what to open next. Every step is the CLI a user runs, called in-process.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { main } from '../src/cli/main.js';

/** The project root: the folder of the rulewright package.json above this file (src or dist). */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++, dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'rulewright') return dir;
  }
  throw new Error('cannot find the rulewright project folder');
}

const quote = (a: string) => (/[\s"'<>|&;$`\\]/.test(a) || a === '' ? `'${a.replace(/'/g, `'\\''`)}'` : a);

async function step(args: string[]): Promise<void> {
  process.stdout.write(`\n$ npx rulewright ${args.map(quote).join(' ')}\n`);
  const code = await main(args);
  if (code !== 0) throw new Error(`rulewright ${args.join(' ')} exited with ${code}`);
}

/** A bundled dataset and how the demo sets it up. */
interface DemoDataset {
  name: string;
  file: string;
  init: string[];
  blurb: string;
}

const DATASETS: DemoDataset[] = [
  {
    name: 'banking77',
    file: 'banking77-5.jsonl',
    init: ['--type', 'classification', '--description', 'Banking customer intents (five Banking77 classes)'],
    blurb: 'Banking77, five intents: classification (CC-BY 4.0)',
  },
  {
    name: 'restaurant8k',
    file: 'restaurant8k-sample.jsonl',
    init: ['--type', 'extraction', '--description', 'Restaurant booking slots: people, time, date, first and last name'],
    blurb: 'Restaurant-8k slots: span extraction (CC-BY 4.0)',
  },
];

/** New texts for the starter ruleset: none of them is in the dataset. */
const NEW_TEXTS = [
  { id: 'n1', text: 'My new card still has not arrived, where is it?' },
  { id: 'n2', text: 'What exchange rate do you use for euros?' },
  { id: 'n3', text: 'How many disposable cards can I have?' },
];

async function demo(): Promise<void> {
  const t0 = performance.now();
  const root = projectRoot();
  const cwd = process.cwd();
  const dir = join(cwd, 'demo');
  mkdirSync(dir, { recursive: true });
  const db = join(dir, 'rulewright.db');
  for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
  const rel = (p: string) => relative(cwd, p) || '.';
  const W = ['--db', rel(db)];

  process.stdout.write('rulewright demo: learn rules from two small bundled datasets, offline (no API key, no network)\n');
  const reports: string[] = [];
  for (const d of DATASETS) {
    process.stdout.write(`\n== ${d.blurb} ==\n`);
    const D = [...W, '--dataset', d.name];
    await step(['init', '--name', d.name, ...d.init, ...W]);
    await step(['import', rel(join(root, 'datasets', d.file)), ...D]);
    await step(['split', '--dev', '0.2', '--seed', '42', ...D]);
    await step(['learn', '--offline', ...D]);
    await step(['eval', ...D]);
    await step(['metrics', ...D]);
    await step(['rank', ...D]);
    const report = join(dir, `${d.name}-report.html`);
    await step(['report', '--out', rel(report), ...D]);
    reports.push(report);
  }

  process.stdout.write('\n== The shipped starter ruleset on new text: no workspace, no model ==\n');
  const input = join(dir, 'new-texts.jsonl');
  writeFileSync(input, NEW_TEXTS.map((t) => JSON.stringify(t)).join('\n') + '\n');
  await step(['extract', '--rules', rel(join(root, 'rules', 'banking77.json')), '--input', rel(input)]);

  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  process.stdout.write(
    [
      '',
      `Done in ${seconds} s. What to open next:`,
      '',
      '  The terminal workbench (rules, metrics, true and false positives, corrections, feedback, prune):',
      ...DATASETS.map((d) => `    npx rulewright tui --db ${quote(rel(db))} --dataset ${d.name}`),
      '',
      '  The HTML reports (open in a browser):',
      ...reports.map((r) => `    ${rel(r)}    ${pathToFileURL(r).href}`),
      '',
      `  Every command above works on the same workspace: add --db ${quote(rel(db))} --dataset NAME.`,
      '',
    ].join('\n'),
  );
}

demo().catch((e: unknown) => {
  process.stderr.write(`demo failed: ${(e as Error).message}\n`);
  process.exitCode = 1;
});
