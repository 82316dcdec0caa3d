import { RulewrightError } from '../core/errors.js';
import { parseRulechef } from '../core/rulesets/rulechef.js';
import { checkRuleStatic } from '../core/safety/check-rule.js';
import { Correction } from '../core/schemas/correction.js';
import { Feedback } from '../core/schemas/feedback.js';
import type { RulechefExtras } from '../formats/types.js';
import type { Store } from '../store/index.js';

/** What a RuleChef dataset file brought besides examples. */
export interface RulechefStored {
  corrections: number;
  feedback: number;
  rules: number;
  /** Rules stored `rejected` (they never run), with the reason. */
  rejected_rules: { id: string; name: string; reason: string }[];
}

/**
 * Stores a RuleChef dataset's corrections (each linked to its `correction-ID` example), its
 * feedback (open, as `feedback` would record it) and its rules (checked as `rules import` checks
 * them, with the static ReDoS screen: a catastrophic or broken rule is stored `rejected` with the
 * reason). Runs inside the import's last transaction, so a failure here leaves nothing behind.
 */
export function storeRulechefExtras(store: Store, datasetId: number, extras: RulechefExtras, where: string): RulechefStored {
  const now = new Date().toISOString();
  const out: RulechefStored = { corrections: 0, feedback: 0, rules: 0, rejected_rules: [] };
  if (extras.rules.length) {
    const parsed = parseRulechef(extras.rules);
    const taken = parsed.rules.filter((r) => store.rules.get(datasetId, r.id)).map((r) => r.id);
    if (taken.length)
      throw new RulewrightError('CONFLICT', `${where}: rule id${taken.length === 1 ? '' : 's'} ${taken.slice(0, 5).join(', ')} already in the dataset; nothing was imported. Import the file into a new dataset with --name NEW`);
    for (const rule of parsed.rules) {
      const checked = rule.status === 'rejected' ? rule : checkRuleStatic(rule, { mode: 'import' }).rule;
      store.rules.insert(datasetId, checked, 'imported with the RuleChef dataset');
      out.rules++;
      if (checked.status === 'rejected') out.rejected_rules.push({ id: checked.id, name: checked.name, reason: checked.rejection ?? 'rejected' });
    }
  }
  for (const c of extras.corrections) {
    store.corrections.insert(datasetId, Correction.parse({ ...c, example_id: null, created_at: now }));
    out.corrections++;
  }
  let n = 0;
  for (const f of store.feedback.list(datasetId)) {
    const m = /^fb-(\d+)$/.exec(f.id);
    if (m) n = Math.max(n, Number(m[1]));
  }
  for (const f of extras.feedback) {
    if (f.level === 'rule' && !store.rules.get(datasetId, f.target_id!))
      throw new RulewrightError('BAD_INPUT', `${where}: rule feedback targets rule "${f.target_id}", which is not among the file's rules; fix its target_id`);
    store.feedback.insert(datasetId, Feedback.parse({ id: `fb-${++n}`, level: f.level, target_id: f.target_id, text: f.text, status: 'open', created_at: now }));
    out.feedback++;
  }
  return out;
}
