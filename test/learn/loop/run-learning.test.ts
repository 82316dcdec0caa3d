import { describe, expect, test } from 'vitest';
import { RulewrightError } from '../../../src/core/errors.js';
import { Example } from '../../../src/core/schemas/example.js';
import { Rule } from '../../../src/core/schemas/rule.js';
import { IdAllocator } from '../../../src/learn/loop/ids.js';
import { runLearning } from '../../../src/learn/loop/run-learning.js';
import type { LearnLoopInput, LlmTotals } from '../../../src/learn/loop/types.js';
import type { PatchRequest, Proposal, Proposer, SynthesisRequest } from '../../../src/learn/proposer.js';
import { makeTask } from '../../helpers/temp.js';
import { INTENT_ROWS } from '../../helpers/fixtures.js';
import { rule } from '../../helpers/rules.js';

const task = makeTask({ type: 'classification', labels: ['refund', 'greet', 'cancel'] });
const all = INTENT_ROWS.map((r) => Example.parse(r));
const train = all.filter((e) => e.split === 'train');
const dev = all.filter((e) => e.split === 'dev');

/** What an inducer proposes: case-blind, not yet active. */
const PROPOSED = { flags: 'i', status: 'proposed', provenance: 'induced' } as const;

const proposal = (p: Partial<Proposal> = {}): Proposal => ({ rules: [], replaces: {}, remove: [], errors: [], notes: [], feedbackUsed: [], requests: 1, ...p });

/** A proposer that returns canned proposals and remembers what it was asked. */
class CannedProposer implements Proposer {
  readonly kind = 'offline';
  readonly model = null;
  readonly readsFeedback = false;
  readonly patchRequests: PatchRequest[] = [];
  spentBefore?: (round: number) => string | null;
  synthRequests: SynthesisRequest[] = [];
  constructor(
    private readonly synth: Proposal,
    private readonly patches: Proposal[] = [],
    readonly deterministic = true,
  ) {}
  async synthesize(req: SynthesisRequest): Promise<Proposal> {
    this.synthRequests.push(req);
    return this.synth;
  }
  async patch(req: PatchRequest): Promise<Proposal> {
    this.patchRequests.push(req);
    return this.patches.shift() ?? proposal({ requests: 1 });
  }
}

function input(proposer: Proposer, over: Partial<LearnLoopInput> = {}): LearnLoopInput {
  return {
    task,
    labels: ['refund', 'greet', 'cancel'],
    train,
    judge: dev,
    judgeSplit: 'dev',
    active: [],
    corrections: [],
    feedback: [],
    proposer,
    rounds: 2,
    targets: null,
    ids: new IdAllocator([]),
    seed: 1,
    meter: () => ({ calls: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 }),
    ...over,
  };
}

const good = [
  rule('p-refund', '\\brefund\\b', 'refund', PROPOSED),
  rule('p-please', '\\bplease\\b', 'refund', { ...PROPOSED, priority: 5 }),
  rule('p-hello', '\\b(hello|hi)\\b', 'greet', PROPOSED),
  rule('p-cancel', '\\bcancel\\b', 'cancel', PROPOSED),
];

describe('the learning loop', () => {
  test('does not prune a rule dev shows wrong on one text only', async () => {
    // "please cancel" is the one dev text "please" → refund gets wrong: too little to call it harmful.
    const r = await runLearning(input(new CannedProposer(proposal({ rules: good })), { rounds: 0 }));
    expect(r.decisions.filter((d) => d.action === 'prune' && d.accepted)).toEqual([]);
    expect(r.active.map((x) => x.id)).toContain('p-please');
  });

  test('judges synthesis label by label, then prunes only the rules it added', async () => {
    const human = Rule.parse({ id: 'h-hi', name: 'hi means cancel', format: 'regex', pattern: '\\bhi\\b', flags: 'i', output: { label: 'cancel' }, priority: 20, provenance: 'human' });
    const p = new CannedProposer(proposal({ rules: good }));
    // Four dev texts where "please" → refund steals a cancel: the fewest that show it clearly hurts.
    const stolen = ['please cancel my order', 'please cancel it now', 'please cancel the plan'].map((text, i) => Example.parse({ id: `d-c${i + 3}`, text, label: 'cancel', split: 'dev' }));
    const r = await runLearning(input(p, { active: [human], rounds: 0, judge: [...dev, ...stolen] }));
    expect(p.synthRequests[0]!.labels).toEqual(['refund', 'greet', 'cancel']);
    expect(p.synthRequests[0]!.train).toBe(train);
    expect(r.decisions.filter((d) => d.action === 'synthesize').map((d) => [d.label, d.accepted])).toEqual([
      ['refund', true],
      ['greet', true],
      ['cancel', true],
    ]);
    // "please" → refund steals "please cancel" on dev: pruned; the harmful human rule is not learning's to prune.
    const pruned = r.decisions.filter((d) => d.action === 'prune' && d.accepted);
    expect(pruned.map((d) => d.removed)).toEqual([['p-please']]);
    expect(r.active.map((x) => x.id).sort()).toEqual(['h-hi', 'p-cancel', 'p-hello', 'p-refund']);
    expect(r.changes.filter((c) => c.rule.id === 'p-please').map((c) => [c.op, c.rule.status])).toEqual([
      ['insert', 'active'],
      ['update', 'disabled'],
    ]);
    expect(r.changes.some((c) => c.rule.id === 'h-hi')).toBe(false);
    expect(r.stages.map((s) => s.stage)).toEqual(['before', 'synthesis', 'pruning']);
    expect(r.stages[2]!.f1!).toBeGreaterThan(r.stages[1]!.f1!);
  });

  test('a correction the proposer ignored still gets a rule that makes it hold, and pruning keeps it', async () => {
    const fix = Example.parse({ id: 'correction-1', text: 'the zorbleflux thing again', label: 'cancel', split: 'train', source: 'correction' });
    const p = new CannedProposer(proposal({ rules: good.filter((g) => g.id !== 'p-please') }));
    const r = await runLearning(input(p, { train: [...train, fix], rounds: 0 }));
    const d = r.decisions.find((x) => x.stage === 'corrections')!;
    expect(d).toMatchObject({ action: 'patch', accepted: true });
    const added = r.active.filter((x) => d.added?.includes(x.id));
    expect(added.map((x) => [x.output.label, x.description.startsWith('from correction correction-1')])).toEqual([['cancel', true]]);
    expect(r.stages.map((s) => s.stage)).toEqual(['before', 'synthesis', 'corrections', 'pruning']);
    // It fires on the corrected text and nowhere else in train or dev.
    expect(new RegExp(added[0]!.pattern, added[0]!.flags).test('the zorbleflux thing again')).toBe(true);
  });

  test('a deterministic proposer is not asked again after a patch is not accepted', async () => {
    const harmful = proposal({ rules: [rule('bad', '\\bmy\\b', 'cancel', { ...PROPOSED, priority: 50 })] });
    const p = new CannedProposer(proposal({ rules: good.filter((g) => g.id !== 'p-please') }), [harmful, harmful]);
    const r = await runLearning(input(p, { rounds: 3 }));
    expect(p.patchRequests).toHaveLength(1);
    expect(r.roundsRun).toBe(1);
    const d = r.decisions.find((x) => x.action === 'patch')!;
    expect(d.accepted).toBe(false);
    expect(r.changes.find((c) => c.rule.id === 'bad')!.rule).toMatchObject({ status: 'proposed', flagged: [{ code: 'not_accepted' }] });
    // The patch request carried the failures on train with the rules' own metrics.
    const req = p.patchRequests[0]!;
    expect(req.clusters.some((c) => c.kind === 'missed' && c.label === 'refund')).toBe(true);
    expect(req.views.map((v) => v.rule.id).sort()).toEqual(['p-cancel', 'p-hello', 'p-refund']);
    expect(req.editable).toBeNull();
  });

  test('a rewrite keeps the rule id and becomes a new version; a removal disables', async () => {
    const existing = [
      Rule.parse({ id: 'r-refund', name: 'refund', format: 'regex', pattern: '\\brefund\\b', flags: 'i', output: { label: 'refund' }, version: 3 }),
      Rule.parse({ id: 'r-my', name: 'my', format: 'regex', pattern: '\\bmy\\b', flags: 'i', output: { label: 'cancel' }, priority: 9 }),
      ...good.filter((g) => g.output.label !== 'refund').map((g) => ({ ...g, status: 'active' as const })),
    ];
    const rewrite = rule('cand-1', '\\brefund\\b|\\bmoney back\\b', 'refund', PROPOSED);
    const p = new CannedProposer(proposal(), [proposal({ rules: [rewrite], replaces: { 'cand-1': 'r-refund' }, remove: [{ id: 'r-my', reason: 'steals' }] })], false);
    const r = await runLearning(input(p, { active: existing, rounds: 1, labels: [] }));
    expect(r.decisions.find((d) => d.action === 'patch')).toMatchObject({ accepted: true, replaced: [{ id: 'r-refund', by: 'cand-1' }], removed: ['r-my'] });
    const upd = r.changes.filter((c) => c.op === 'update');
    expect(upd.map((c) => [c.rule.id, c.rule.status, c.rule.pattern])).toEqual([
      ['r-refund', 'active', '\\brefund\\b|\\bmoney back\\b'],
      ['r-my', 'disabled', '\\bmy\\b'],
    ]);
    expect(r.active.find((x) => x.id === 'r-refund')!.pattern).toBe('\\brefund\\b|\\bmoney back\\b');
  });

  test('a round that throws ends refinement but keeps what synthesis learned', async () => {
    const p = new CannedProposer(proposal({ rules: good.filter((g) => g.id !== 'p-please') }));
    p.patch = async () => {
      throw new Error('inducer bug');
    };
    const r = await runLearning(input(p, { rounds: 2 }));
    expect(r.decisions.find((d) => d.action === 'error')!.reason).toBe('round 1 failed: inducer bug; refinement stops here');
    expect(r.active.map((x) => x.id).sort()).toEqual(['p-cancel', 'p-hello', 'p-refund']);
    expect(r.stages.map((s) => s.stage)).toEqual(['before', 'synthesis', 'pruning']);
  });

  test('a round the budget has no time for is not run: the rules are not scored on train for it, and the summary says why', async () => {
    const p = new CannedProposer(proposal({ rules: good.filter((g) => g.id !== 'p-please') }));
    const spent = 'the 90 s budget ran out before patch round 1: it was not run (learn --budget SECONDS to give it more)';
    p.spentBefore = (round: number) => (round === 1 ? spent : null);
    const r = await runLearning(input(p, { rounds: 2 }));
    expect(p.patchRequests).toHaveLength(0);
    expect(r.roundsRun).toBe(0);
    expect(r.stages.map((s) => s.stage)).toEqual(['before', 'synthesis', 'pruning']);
    expect(r.notes).toContain(spent);
    expect(r.decisions.find((d) => d.stage === 'round 1')).toMatchObject({ action: 'skip', accepted: false, reason: spent });
  });

  test('fails clearly when every synthesis request failed', async () => {
    const p = new CannedProposer(proposal({ errors: ['synthesis for refund: LLM request failed (status 500)'], requests: 1 }));
    await expect(runLearning(input(p))).rejects.toThrow(RulewrightError);
    await expect(runLearning(input(p))).rejects.toThrow(/^learning failed: every synthesis request failed.*status 500/);
  });

  test('stage rows carry the LLM usage of each stage; cost is null when unknown', async () => {
    const totals: LlmTotals = { calls: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 };
    const p = new CannedProposer(proposal({ rules: good }));
    const spy: Proposer = {
      ...p,
      kind: 'llm',
      model: 'm',
      deterministic: true,
      readsFeedback: true,
      synthesize: async (req) => {
        Object.assign(totals, { calls: 3, prompt_tokens: 300, completion_tokens: 30, cost_usd: null });
        return p.synthesize(req);
      },
      patch: async () => {
        totals.calls += 1;
        return proposal();
      },
    };
    const r = await runLearning(input(spy, { meter: () => ({ ...totals }), rounds: 1 }));
    expect(r.stages.map((s) => [s.stage, s.llm_calls, s.prompt_tokens, s.cost_usd])).toEqual([
      ['before', 0, 0, 0],
      ['synthesis', 3, 300, null],
      ['round 1', 1, 0, null],
      ['pruning', 0, 0, 0],
    ]);
  });
});
