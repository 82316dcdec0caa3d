import type { Command } from 'commander';

/**
 * The Examples section of each command's `--help`, by command path. Kept in one table so every
 * command has one (a test walks the commands); a command that writes its own (learn) is left out.
 */
const HELP_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  init: ['rulewright init --name support --type classification --labels refund,track', 'rulewright init --name pii --type ner --db work.db'],
  import: [
    'rulewright import data.jsonl',
    'rulewright import tickets.csv --name support --type classification --text-col body --label-col intent',
    'cat more.jsonl | rulewright import - --split train',
  ],
  export: ['rulewright export out.jsonl', 'rulewright export dev.csv --split dev', 'rulewright export - --format conll > data.conll'],
  split: ['rulewright split --dev 0.2', 'rulewright split --dev 0.15 --test 0.15 --seed 7'],
  datasets: ['rulewright datasets', 'rulewright datasets --json --db work.db'],
  use: ['rulewright use support', 'rulewright use   # show the current dataset and list them all'],
  examples: ['rulewright examples list --split dev', 'rulewright examples show e12'],
  'examples list': ['rulewright examples list --split dev --limit 20', 'rulewright examples list --label refund'],
  'examples show': ['rulewright examples show e12', 'rulewright examples show e12 --json'],
  stats: ['rulewright stats', 'rulewright stats --dataset support --json'],
  task: ['rulewright task show', 'rulewright task set --mode overlap'],
  'task show': ['rulewright task show'],
  'task set': ['rulewright task set --mode overlap', 'rulewright task set --labels refund,track,cancel'],
  rules: ['rulewright rules list', 'rulewright rules show ind-7b57', 'rulewright rules export rules/support.json'],
  'rules list': ['rulewright rules list', 'rulewright rules list --status disabled,proposed --wide'],
  'rules show': ['rulewright rules show ind-7b57   # any unique start of the id'],
  'rules add': ["rulewright rules add --name refund --pattern '\\brefund\\b' --label refund", 'rulewright rules add --name cities --lexicon Paris,Lyon --label LOC'],
  'rules edit': ["rulewright rules edit ind-7b57 --pattern '\\brefunds?\\b' --note 'plural too'"],
  'rules disable': ['rulewright rules disable ind-7b57'],
  'rules enable': ['rulewright rules enable ind-7b57'],
  'rules delete': ['rulewright rules delete ind-7b57 ind-0a2e'],
  'rules restore': ['rulewright rules restore ind-7b57'],
  'rules history': ['rulewright rules history ind-7b57'],
  'rules import': ['rulewright rules import rules/support.json', 'rulewright rules import rulechef.json --path rules --replace'],
  'rules export': ['rulewright rules export rules/support.json', 'rulewright rules export - --format rulechef'],
  eval: ['rulewright eval', 'rulewright eval --split test --json', 'rulewright eval --compare 12'],
  runs: ['rulewright runs list', 'rulewright runs show last'],
  'runs list': ['rulewright runs list --kind eval --limit 5'],
  'runs show': ['rulewright runs show last', 'rulewright runs show 12 --outcomes --json'],
  extract: ['rulewright extract < docs.jsonl > out.jsonl', 'rulewright extract --rules rules/support.json --input docs.jsonl --summary'],
  correct: ['rulewright correct --example e12 --expected-label refund', 'rulewright correct --text "refund it" --expected-label refund --note "missed"'],
  next: ['rulewright next', 'rulewright next --limit 20 --json'],
  suggest: ['rulewright suggest --example t26', 'rulewright suggest --example t26 --label billing --accept 1', 'rulewright suggest --example d3 --span 12:18 --label MONEY'],
  corrections: ['rulewright corrections list', 'rulewright corrections show c1'],
  'corrections list': ['rulewright corrections list'],
  'corrections show': ['rulewright corrections show c1'],
  'corrections delete': ['rulewright corrections delete c1'],
  feedback: ['rulewright feedback "dates like 3 May 2021 are missed"', 'rulewright feedback "too broad" --rule ind-7b57'],
  'feedback list': ['rulewright feedback list --status open'],
  'feedback dismiss': ['rulewright feedback dismiss fb-2'],
  'feedback reopen': ['rulewright feedback reopen fb-2'],
  tui: ['rulewright tui', 'rulewright tui --dataset support --db work.db'],
  metrics: ['rulewright metrics', 'rulewright metrics --split all --wide', 'rulewright metrics --json'],
  rank: ['rulewright rank', 'rulewright rank --split dev --json'],
  prune: ['rulewright prune --dead --duplicates', 'rulewright prune --apply --tolerance 0.001', 'rulewright undo'],
  undo: ['rulewright undo', 'rulewright undo --op 3'],
  report: ['rulewright report --out report.html', 'rulewright report --out - > report.html'],
};

/** Adds its Examples section to each command under `cmd` that has one in the table. */
export function addHelpExamples(cmd: Command, path: readonly string[] = []): void {
  for (const sub of cmd.commands) {
    const here = [...path, sub.name()];
    const lines = HELP_EXAMPLES[here.join(' ')];
    if (lines) sub.addHelpText('after', `\nExamples:\n${lines.map((l) => `  ${l}`).join('\n')}`);
    addHelpExamples(sub, here);
  }
}
