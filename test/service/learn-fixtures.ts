import { Store } from '../../src/store/index.js';
import { Task, type ExampleInput, type Rule, type RuleInput } from '../../src/core/schemas/index.js';
import { Rule as RuleSchema, Example } from '../../src/core/schemas/index.js';
import type { FakeRequest, FakeReply } from '../helpers/fake-openai-server.js';
import { reply } from '../helpers/fake-openai-server.js';
import { PATCH_MARKER, SYNTHESIS_MARKER } from '../../src/learn/prompts/index.js';

/** A small intent dataset with a fixed split, so which patch helps on dev is known. */
export const INTENT_ROWS: ExampleInput[] = [
  ...['I want a refund for my order', 'please refund me', 'refund my money now', 'how do I get a refund', 'refund request for order 12', 'my refund is late'].map(
    (text, i) => ({ id: `r${i}`, text, label: 'refund', split: 'train' as const }),
  ),
  ...['can I get my money back', 'give me my money back'].map((text, i) => ({ id: `rm${i}`, text, label: 'refund', split: 'train' as const })),
  ...['hello there', 'hi, how are you', 'good morning, hello', 'hey hello', 'hello, anyone there?', 'hi team'].map((text, i) => ({
    id: `g${i}`,
    text,
    label: 'greet',
    split: 'train' as const,
  })),
  ...['cancel my subscription', 'please cancel the order', 'I want to cancel', 'cancel everything', 'cancel it now', 'how to cancel my plan'].map(
    (text, i) => ({ id: `c${i}`, text, label: 'cancel', split: 'train' as const }),
  ),
  { id: 'd-r1', text: 'refund please', label: 'refund', split: 'dev' },
  { id: 'd-r2', text: 'I would like my money back', label: 'refund', split: 'dev' },
  { id: 'd-r3', text: 'money back now', label: 'refund', split: 'dev' },
  { id: 'd-g1', text: 'hello friends', label: 'greet', split: 'dev' },
  { id: 'd-g2', text: 'hi there', label: 'greet', split: 'dev' },
  { id: 'd-c1', text: 'cancel the plan', label: 'cancel', split: 'dev' },
  { id: 'd-c2', text: 'please cancel', label: 'cancel', split: 'dev' },
  { id: 't-1', text: 'refund my order', label: 'refund', split: 'test' },
];

/** A workspace with the intent dataset, in `path`. */
export function intentStore(path: string, rows: readonly ExampleInput[] = INTENT_ROWS): { store: Store; datasetId: number } {
  const store = Store.open(path, { create: true });
  const d = store.datasets.insert(Task.parse({ name: 'intents', type: 'classification', labels: ['refund', 'greet', 'cancel'], description: 'customer intents' }));
  store.transaction(() => store.examples.insertMany(d.id, rows.map((r) => Example.parse(r))));
  return { store, datasetId: d.id };
}

/** A rule as a model writes it: every field present (nullable ones null unless given). */
export function draft(p: { name: string; pattern?: string; label: string; terms?: string[]; group?: string; flags?: string; replaces?: string | null; priority?: number }): Record<string, unknown> {
  return {
    name: p.name,
    description: `matches ${p.name}`,
    format: p.terms ? 'lexicon' : 'regex',
    pattern: p.pattern ?? '',
    terms: p.terms ?? null,
    flags: p.flags ?? 'i',
    dialect: null,
    group: p.group ?? null,
    label: p.label,
    priority: p.priority ?? null,
    confidence: 0.8,
    ...(p.replaces !== undefined ? { replaces: p.replaces } : {}),
  };
}

/** The user message of a chat request. */
export function userText(req: FakeRequest): string {
  return req.body?.messages?.find((m) => m.role === 'user')?.content ?? '';
}

/** The label a synthesis request asks for, or null for another request. */
export function synthesisLabel(req: FakeRequest): string | null {
  const m = new RegExp(`${SYNTHESIS_MARKER} "([^"]+)"`).exec(userText(req));
  return m ? m[1]! : null;
}

export function isPatch(req: FakeRequest): boolean {
  return userText(req).startsWith(PATCH_MARKER);
}

/** Good first rules per label: `money back` is left for a patch to find. */
export const GOOD_SYNTHESIS: Record<string, Record<string, unknown>[]> = {
  refund: [draft({ name: 'refund word', pattern: '\\brefund\\b', label: 'refund' })],
  greet: [draft({ name: 'greeting', terms: ['hello', 'hi', 'hey'], label: 'greet' })],
  cancel: [draft({ name: 'cancel word', pattern: '\\bcancel\\b', label: 'cancel' })],
};

/** A fake-server reply answering synthesis by label and patches with `patch`. */
export function scriptedReplies(opts: { synthesis?: Record<string, Record<string, unknown>[]>; patch?: (req: FakeRequest) => FakeReply } = {}): (req: FakeRequest) => FakeReply {
  const synthesis = opts.synthesis ?? GOOD_SYNTHESIS;
  return (req: FakeRequest) => {
    const label = synthesisLabel(req);
    if (label !== null) return reply.json({ rules: synthesis[label] ?? [] });
    if (isPatch(req)) return opts.patch ? opts.patch(req) : reply.json({ rules: [], remove: [] });
    return reply.error(400, 'unexpected request');
  };
}

/** A stored rule. */
export function rule(input: Partial<RuleInput> & Pick<RuleInput, 'id' | 'output'>): Rule {
  return RuleSchema.parse({ name: input.id, format: 'regex', ...input });
}
