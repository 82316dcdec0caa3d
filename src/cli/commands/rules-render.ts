import { orNone } from '../../core/none.js';
import { describeWhen, type FieldChange, type ImportRulesResult, type RuleDetail, type RuleHistory, type RuleList } from '../../service/index.js';
import { clipMessage } from '../clip-message.js';
import { clip, fmt, type Output } from '../output.js';

/** A field value in one short line: strings as they are, the rest as JSON. */
function short(v: unknown, max = 60): string {
  return orNone(v, (x) => clip(typeof x === 'string' ? x : JSON.stringify(x), max));
}

/** `field: old → new` lines. */
export function renderChanges(out: Output, changes: readonly FieldChange[], indent = '  '): void {
  for (const c of changes) out.line(`${indent}${out.c.dim(`${c.field}:`)} ${short(c.from)} → ${short(c.to)}`);
}

export function renderRuleList(out: Output, r: RuleList): void {
  if (!r.rules.length) {
    const any = Object.values(r.counts).some((n) => n > 0);
    out.line(any ? 'No rules match.' : 'No rules yet: rulewright rules add --name N --pattern P --label L, or rulewright rules import FILE');
    return;
  }
  out.table(r.rules, [
    { key: 'id' },
    { key: 'name', max: 32, fit: 'narrow', cut: 'middle', min: 16 },
    { key: 'label', max: 20, fit: 'narrow', cut: 'middle', min: 14 },
    { key: 'status', fit: 'keep' },
    { key: 'priority', align: 'right' },
    { key: 'provenance' },
    { key: 'flags', format: (v) => (v as string[]).join(', ') },
    { key: 'pattern', max: 50, fit: 'narrow', min: 16 },
  ]);
  const c = r.counts;
  out.line(
    out.c.dim(
      `${c.active} active · ${c.disabled} disabled · ${c.proposed} proposed · ${c.rejected} rejected · ${c.deleted} deleted · ruleset ${r.ruleset_hash.slice(0, 12)}`,
    ),
  );
}

export function renderRule(out: Output, d: RuleDetail): void {
  const r = d.rule;
  out.kv([
    ['id', r.id],
    ['name', r.name],
    ['status', d.deleted_at ? `deleted ${d.deleted_at} (was ${r.status}; rulewright rules restore ${r.id})` : r.status],
    ['format', `${r.format}, ${r.dialect} dialect${r.flags ? `, flags ${r.flags}` : ''}`],
    [r.format === 'lexicon' ? 'terms' : 'pattern', r.format === 'lexicon' ? (r.terms ?? []).join(' | ') : r.pattern],
    ...(r.lexicon ? ([['lexicon', `case ${r.lexicon.case_sensitive ? 'sensitive' : 'insensitive'}, ${r.lexicon.word_boundary ? 'whole words' : 'inside words too'}`]] as const) : []),
    ['output', `${r.output.label} (span ${r.output.group})`],
    ...(r.when ? ([['applies', `only when meta ${describeWhen(r.when)}`]] as const) : []),
    ['priority', r.priority],
    ['confidence', r.confidence],
    ['provenance', r.provenance],
    ['validated', r.validated_precision === null ? 'not yet (rulewright metrics)' : `precision ${fmt(r.validated_precision)} on ${r.validated_support} outputs`],
    ['version', `${r.version} (${d.versions} in history: rulewright rules history ${r.id})`],
    ...(r.description ? ([['description', r.description]] as const) : []),
    ...(r.rejection ? ([['rejected', r.rejection]] as const) : []),
  ]);
  for (const f of r.flagged) out.line(`${out.c.yellow('flag')} ${f.code}: ${f.message}`);
}

export function renderHistory(out: Output, h: RuleHistory): void {
  out.line(`${out.c.bold(h.rule_id)}: ${h.versions.length} version${h.versions.length === 1 ? '' : 's'}${h.deleted ? ' (deleted)' : ''}`);
  for (const v of h.versions) {
    out.line(`v${v.version}  ${v.created_at}  ${v.status.padEnd(8)}  ${v.note}`);
    renderChanges(out, v.changes, '      ');
  }
}

export function renderImport(out: Output, r: ImportRulesResult): void {
  const where = r.shape && r.shape !== 'list' ? `, ${r.shape}` : '';
  out.line(
    `Imported ${r.rules} rules from ${r.file} (${r.format}${where}) into ${out.c.bold(r.dataset)}: ` +
      `${r.added} added${r.replaced ? `, ${r.replaced} replaced` : ''}${r.unchanged ? `, ${r.unchanged} unchanged` : ''}; ${r.active} active, in ${(r.elapsed_ms / 1000).toFixed(1)} s`,
  );
  const list = (title: string, items: ImportRulesResult['flagged'], color: (s: string) => string) => {
    if (!items.length) return;
    out.line(color(`${title} (${items.length}):`));
    // a problem quotes its rule's pattern and name, which a file may make a megabyte long
    for (const x of items) for (const p of x.problems) out.line(`  ${clipMessage(`${x.id}${x.name !== x.id ? ` (${x.name})` : ''}: ${p.code}: ${p.message}`)}`);
  };
  list('rejected, kept with status rejected (they never run; fix with rules edit)', r.rejected, out.c.red);
  list('flagged, kept and run under the time budget', r.flagged, out.c.yellow);
  for (const n of r.notes) out.line(out.c.dim(clipMessage(n)));
  if (!r.rejected.length && !r.flagged.length) out.line('every rule passed the checks');
}
