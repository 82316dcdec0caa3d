import { type Command, InvalidArgumentError } from 'commander';
import { RuleDialect, RuleStatus } from '../../core/schemas/rule.js';
import { RULESET_FORMATS, type RuleResult, type RuleSpec, type RulesetFormat } from '../../service/index.js';
import { choice, type CliContext, common, type CommonOptions, parse, usage } from '../context.js';
import { withStdinFile } from '../std-file.js';
import { plural } from '../output.js';
import { renderChanges, renderHistory, renderImport, renderRule, renderRuleList } from './rules-render.js';

/** The spec's fields whose flag has the same name (commander camel-cases the others). */
const SAME_NAMED = ['id', 'name', 'description', 'pattern', 'flags', 'dialect', 'label', 'group', 'priority', 'confidence'] as const;

interface SpecOptions extends Pick<RuleSpec, (typeof SAME_NAMED)[number]> {
  db?: string;
  dataset?: string;
  lexicon?: string[];
  termsFile?: string;
  caseSensitive?: boolean;
  wordBoundary?: boolean;
  /** `--json` alone prints JSON; `--json RULE_JSON` also gives the rule (as `--rule` does). */
  json?: boolean | string;
  rule?: string;
  note?: string;
}

/** `--status a,b`: rule statuses (bad ones are usage errors). */
function statusList(v: string): RuleStatus[] {
  return parse.list(v).map((s) => {
    const r = RuleStatus.safeParse(s);
    if (!r.success) throw new InvalidArgumentError(`unknown status "${s}": use ${RuleStatus.options.join(', ')}`);
    return r.data;
  });
}

const number = (name: string) => (v: string): number => {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError(`${name} must be a number`);
  return n;
};

/**
 * The options `rules add` and `rules edit` share. Their `--json` takes an optional value: bare,
 * it prints JSON as everywhere; `--json RULE_JSON` gives the rule as JSON (and prints JSON).
 */
function specOptions(cmd: Command): Command {
  return cmd
    .option('--db <path>', 'workspace file (default: $RULEWRIGHT_DB or ./rulewright.db)')
    .option('--dataset <name>', 'dataset to use (optional when the workspace has one)')
    .option('--json [rule-json]', 'print one JSON document; with a value, also the rule as a JSON object (same as --rule)')
    .option('--name <name>', 'a short name (becomes the id on add)')
    .option('--pattern <regex>', 'the regex (python dialect may start with inline flags such as (?i))')
    .option('--label <label>', 'what it outputs: the entity type, class or field')
    .option('--group <group>', 'which group is the span: $0 (whole match), $1, … or a group name')
    .option('--priority <n>', 'higher runs first (default 0)', number('--priority'))
    .option('--confidence <p>', 'confidence in [0, 1] (default 0.5), an ordering tie-break', number('--confidence'))
    .option('--flags <flags>', 'regex flags among i, m, s, u, x')
    .addOption(choice('--dialect <dialect>', 'regex dialect (default js)', RuleDialect.options))
    .option('--description <text>', 'what the rule is for')
    .option('--lexicon <terms>', 'a term list instead of a regex: term1,term2,…', parse.list)
    .option('--terms-file <file>', 'a term list from a file, one term per line')
    .option('--case-sensitive', 'lexicon: match case exactly')
    .option('--no-case-sensitive', 'lexicon: ignore case (the default)')
    .option('--word-boundary', 'lexicon: terms match whole words only (the default)')
    .option('--no-word-boundary', 'lexicon: terms may match inside words')
    .option('--rule <json>', 'the rule (add) or the fields to change (edit) as a JSON object; other flags override it');
}

function specOf(o: SpecOptions): RuleSpec {
  const spec: RuleSpec = {};
  const copy = <K extends keyof RuleSpec>(k: K, v: RuleSpec[K] | undefined) => {
    if (v !== undefined) spec[k] = v;
  };
  for (const k of SAME_NAMED) copy(k, o[k]);
  copy('terms', o.lexicon);
  copy('terms_file', o.termsFile);
  copy('case_sensitive', o.caseSensitive);
  copy('word_boundary', o.wordBoundary);
  if (o.rule !== undefined && typeof o.json === 'string') throw usage('give the rule JSON once: --rule JSON or --json JSON');
  copy('json', o.rule ?? (typeof o.json === 'string' ? o.json : undefined));
  return spec;
}

/** Prints the outcome of a change: what happened, the flags the checks raised, warnings. */
function reportChange(ctx: CliContext, opts: Omit<CommonOptions, 'json'> & { json?: boolean | string }, r: RuleResult, verb: string): void {
  if (!opts.json) for (const w of r.warnings) ctx.out.warn(w);
  ctx.emit({ json: opts.json !== undefined && opts.json !== false }, r, (out, x) => {
    out.line(`${verb} rule ${out.c.bold(x.rule.id)} (${x.rule.name}) → ${x.rule.output.label}, ${x.rule.status}, version ${x.rule.version}`);
    renderChanges(out, x.changes);
    for (const p of x.problems) out.line(`  ${out.c.yellow('flag')} ${p.code}: ${p.message}`);
  });
}

/** `rules list|show|add|edit|disable|enable|delete|restore|history|import|export`. */
export function register(program: Command, ctx: CliContext): void {
  const rules = program.command('rules').description('manage the ruleset: list, add, edit, enable/disable, delete, history, import, export');

  common(rules.command('list'))
    .description('the rules table: id, name, label, status, priority, provenance, flags')
    .option('--status <statuses>', `only these statuses (${RuleStatus.options.join(', ')})`, statusList)
    .option('--deleted', 'list deleted rules instead (they keep their history; see rules restore)')
    .action(async (opts: CommonOptions & { status?: RuleStatus[]; deleted?: boolean }) => {
      const status = opts.status;
      const result = await ctx.withDataset(opts, (d) => d.listRules({ status, deleted: !!opts.deleted }));
      ctx.emit(opts, result, renderRuleList);
    });

  common(rules.command('show'))
    .description('one rule in full (deleted rules too)')
    .argument('<id>', 'rule id')
    .action(async (id: string, opts: CommonOptions) => {
      const result = await ctx.withDataset(opts, (d) => d.showRule(id));
      ctx.emit(opts, result, renderRule);
    });

  specOptions(rules.command('add'))
    .description('add a rule (checked: it must compile, not match everything, and not backtrack catastrophically)')
    .option('--id <id>', 'the id (default: from the name)')
    .action(async (opts: SpecOptions) => {
      const result = await ctx.withDataset({ db: opts.db, dataset: opts.dataset }, (d) => d.addRule(specOf(opts)));
      reportChange(ctx, opts, result, 'Added');
    });

  specOptions(rules.command('edit'))
    .description('change a rule: a new version, checked again (rules history ID lists the versions)')
    .argument('<id>', 'rule id')
    .option('--note <text>', 'why (kept in the history)')
    .action(async (id: string, opts: SpecOptions) => {
      const result = await ctx.withDataset({ db: opts.db, dataset: opts.dataset }, (d) => d.editRule(id, { ...specOf(opts), ...(opts.note ? { note: opts.note } : {}) }));
      reportChange(ctx, opts, result, result.changes.length ? 'Edited' : 'Unchanged');
    });

  for (const [name, status, verb] of [
    ['disable', 'disabled', 'Disabled'],
    ['enable', 'active', 'Enabled'],
  ] as const) {
    common(rules.command(name))
      .description(`${name} a rule (a new version)${name === 'enable' ? '; a rejected rule is checked again first' : ''}`)
      .argument('<ids...>', 'rule ids')
      .action(async (ids: string[], opts: CommonOptions) => {
        const results = await ctx.withDataset(opts, async (d) => {
          const out: RuleResult[] = [];
          for (const id of ids) out.push(await d.setRuleStatus(id, status));
          return out;
        });
        if (opts.json) ctx.out.json(results.length === 1 ? results[0] : { rules: results });
        else for (const r of results) reportChange(ctx, opts, r, r.changes.length ? verb : 'Unchanged');
      });
  }

  common(rules.command('delete'))
    .description('take a rule out of the ruleset; it and its history are kept (rules restore ID brings it back)')
    .argument('<ids...>', 'rule ids')
    .action(async (ids: string[], opts: CommonOptions) => {
      const results = await ctx.withDataset(opts, (d) => d.deleteRules(ids));
      if (opts.json) ctx.out.json(results.length === 1 ? results[0] : { rules: results });
      else for (const r of results) ctx.out.line(`Deleted rule ${ctx.out.c.bold(r.rule.id)} (history kept: rulewright rules history ${r.rule.id}; undo: rulewright rules restore ${r.rule.id})`);
    });

  common(rules.command('restore'))
    .description('bring a deleted rule back as it was')
    .argument('<id>', 'rule id')
    .action(async (id: string, opts: CommonOptions) => {
      const result = await ctx.withDataset(opts, (d) => d.restoreRule(id));
      reportChange(ctx, opts, result, 'Restored');
    });

  common(rules.command('history'))
    .description("a rule's versions, oldest first, with what each changed")
    .argument('<id>', 'rule id')
    .action(async (id: string, opts: CommonOptions) => {
      const result = await ctx.withDataset(opts, (d) => d.ruleHistory(id));
      ctx.emit(opts, result, renderHistory);
    });

  common(rules.command('import'))
    .description("import a ruleset (rulewright's format or RuleChef's), all or nothing; reports flagged and rejected rules")
    .argument('<file>', 'ruleset JSON file; - reads stdin')
    .option('--replace', 'store rules whose id exists as new versions instead of failing')
    .option('--path <path>', 'RuleChef files holding several rule lists: the dotted path of the one to import')
    .option('--default-label <label>', 'label for RuleChef rules without an output template (default _NONE)')
    .option('--allow-flagged', 'keep rules that can backtrack catastrophically active (flagged, under the time budget) instead of rejected')
    .action(async (file: string, opts: CommonOptions & { replace?: boolean; path?: string; defaultLabel?: string; allowFlagged?: boolean }) => {
      const load = (path: string) => ctx.withDataset(opts, (d) =>
        d.importRules(path, {
          ...(opts.replace ? { replace: true } : {}),
          ...(opts.path ? { path: opts.path } : {}),
          ...(opts.defaultLabel ? { defaultLabel: opts.defaultLabel } : {}),
          ...(opts.allowFlagged ? { allowFlagged: true } : {}),
        }),
      );
      const result = file === '-' ? await withStdinFile(ctx.io, load) : await load(file);
      if (!opts.json) for (const w of result.warnings) ctx.out.warn(w);
      ctx.emit(opts, result, renderImport);
    });

  common(rules.command('export'))
    .description('write the ruleset to FILE (- for stdout), runnable with `rulewright extract --rules FILE` and rulewright/runtime')
    .argument('<file>', 'where to write (e.g. rules/my-task.json); the folder is created')
    .addOption(choice('--format <format>', 'rulewright (default: every rule with its status, and the task) or rulechef (active rules)', RULESET_FORMATS))
    .option('--status <statuses>', 'only rules with these statuses', statusList)
    .addOption(choice('--for <runtime>', 'python: the active rules in execution order as Python `regex` patterns, for the Python runtime (python/)', ['python'] as const))
    .addHelpText('after', '\nExample:\n  rulewright rules export rules/ner.python.json --for python')
    .action(async (file: string, opts: CommonOptions & { format?: RulesetFormat; status?: RuleStatus[]; for?: 'python' }) => {
      const status = opts.status;
      const req = { ...(opts.format ? { format: opts.format } : {}), ...(status ? { status } : {}), ...(opts.for ? { for: opts.for } : {}) };
      if (file === '-') {
        const { text } = await ctx.withDataset(opts, (d) => d.exportRulesText(req));
        ctx.io.stdout.write(text);
        return;
      }
      const result = await ctx.withDataset(opts, (d) => d.exportRules(file, req));
      ctx.emit(opts, result, (out, r) => {
        out.line(`Wrote ${plural(r.rules, 'rule')} (${Object.entries(r.statuses).map(([s, n]) => `${n} ${s}`).join(', ') || 'none'}) to ${r.file} in ${r.format} format`);
        for (const n of r.notes) out.line(out.c.dim(n));
      });
    });
}
