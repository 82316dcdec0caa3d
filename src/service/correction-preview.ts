import { type CaughtText, correctionRules, describeCaught } from '../learn/induce/covering/correction-rules.js';
import type { DatasetContext } from './dataset-context.js';

/** The rule learning would make so a correction holds, and what else it fires on in train. */
export interface CorrectionRulePreview {
  name: string;
  label: string;
  /** Train texts of its label it fires on, the correction's own included. */
  right: number;
  /** Train texts of other labels it fires on: learning will not add a rule that has any. */
  catches: CaughtText[];
  /** The preview in one sentence. */
  note: string;
}

/**
 * Classification: the rule learning's corrections stage would make for the training example
 * `exampleId` (a correction) under the active rules, so a person sees what else it would take over
 * before any learning run keeps it. Null when the rules already get it right, or for other tasks.
 */
export function previewCorrectionRule(ctx: DatasetContext, exampleId: string): CorrectionRulePreview | null {
  const { store, dataset: d } = ctx;
  if (d.task.type !== 'classification') return null;
  const train = store.examples.list(d.id, { split: 'train' });
  const made = correctionRules(d.task, train, store.examples.list(d.id, { split: 'dev' }), store.rules.list(d.id, { status: 'active' }), 'ind-');
  const k = made.checks.find((c) => c.example_id === exampleId);
  if (!k) return null;
  const p = { name: k.rule.name, label: k.rule.output.label, right: k.right, catches: k.catches };
  return { ...p, note: previewNote(p) };
}

/** The preview in one sentence, for a command's notes and the TUI's status line. */
function previewNote(p: Omit<CorrectionRulePreview, 'note'>): string {
  if (!p.catches.length) return `learning will add ${p.name} above the rules: it fires on ${p.right} train text${p.right === 1 ? '' : 's'} of ${p.label}, none of another label`;
  return (
    `its rule ${p.name} would also catch ${p.catches.length} train text${p.catches.length === 1 ? '' : 's'} of other labels (${describeCaught(p.catches)}): ` +
    'learning will keep it proposed, not in use; a clearer text or a note for an LLM run helps'
  );
}
