import { describe, expect, test } from 'vitest';
import { Example } from '../../src/core/schemas/example.js';
import { Rule } from '../../src/core/schemas/rule.js';
import { MemoryRecorder, type LlmRequest } from '../../src/learn/llm/client.js';
import { ScriptedLlm } from '../../src/learn/llm/scripted-llm.js';
import { IdAllocator } from '../../src/learn/loop/ids.js';
import { InducerProposer, LlmProposer, type Inducer, type PatchRequest, type SynthesisRequest } from '../../src/learn/proposer.js';
import { makeTask } from '../helpers/temp.js';
import { draft } from '../service/learn-fixtures.js';

const task = makeTask({ type: 'classification', labels: ['refund', 'greet'] });
const train = [Example.parse({ id: 'a', text: 'refund me', label: 'refund' }), Example.parse({ id: 'b', text: 'hello', label: 'greet' })];
const current = [
  Rule.parse({ id: 'r1', name: 'refund', format: 'regex', pattern: 'refund', output: { label: 'refund' } }),
  Rule.parse({ id: 'r2', name: 'hello', format: 'regex', pattern: 'hello', output: { label: 'greet' } }),
];

const synthReq = (over: Partial<SynthesisRequest> = {}): SynthesisRequest => ({
  task,
  labels: ['refund', 'greet'],
  train,
  dev: [],
  corrections: [],
  ids: new IdAllocator(['llm-refund-1']),
  seed: 1,
  feedback: [{ id: 'fb-1', level: 'task', target_id: null, text: 'be precise' }],
  existing: [],
  ...over,
});

const patchReq = (over: Partial<PatchRequest> = {}): PatchRequest => ({
  task,
  labels: ['refund', 'greet'],
  train,
  dev: [],
  corrections: [],
  ids: new IdAllocator(current.map((r) => r.id)),
  seed: 1,
  round: 1,
  current,
  views: current.map((rule) => ({ rule, tp: 1, fp: 0, precision: 1, fired: 1, editable: rule.id === 'r1' })),
  metrics: { precision: 1, recall: 0.5, f1: 0.667 },
  per_class: {},
  clusters: [],
  feedback: [],
  editable: new Set(['r1']),
  allowedLabels: ['refund'],
  targetExamples: [],
  history: [],
  ...over,
});

const labelOf = (req: LlmRequest<unknown>) => /Write rules for label "([^"]+)"/.exec(req.messages[1]!.content)?.[1];

describe('LlmProposer', () => {
  test('asks once per label, turns answers into proposed rules with fresh ids, and reports failed requests', async () => {
    const recorder = new MemoryRecorder();
    const llm = new ScriptedLlm([], {
      recorder,
      fallback: (req) =>
        labelOf(req) === 'greet' ? new Error('HTTP 500') : { json: { rules: [draft({ name: 'refund', pattern: '\\brefund\\b', label: 'refund' })] } },
    });
    const p = await new LlmProposer(llm, { concurrency: 1 }).synthesize(synthReq());
    expect(llm.requests.map((r) => r.purpose)).toEqual(['synthesize:refund', 'synthesize:greet']);
    expect(llm.requests[0]!.schema!.name).toBe('rulewright_rules');
    expect(p.rules.map((r) => [r.id, r.status, r.provenance])).toEqual([['llm-refund-2', 'proposed', 'llm']]);
    expect(p.errors).toEqual([expect.stringMatching(/^synthesis for greet: LLM request "synthesize:greet" failed: HTTP 500/)]);
    expect(p.requests).toBe(2);
    expect(p.feedbackUsed).toEqual(['fb-1']);
    expect(recorder.calls).toHaveLength(2);
  });

  test('an unusable answer is an error; malformed rules are noted', async () => {
    const llm = new ScriptedLlm([], {
      fallback: (req) =>
        labelOf(req) === 'refund' ? 'I cannot help with that.' : { json: { rules: [draft({ name: 'hi', pattern: 'hi', label: 'greet' }), { name: 'broken' }] } },
    });
    const p = await new LlmProposer(llm).synthesize(synthReq());
    expect(p.errors).toEqual([expect.stringMatching(/^synthesis for refund: the answer was unusable \(the answer is not JSON/)]);
    expect(p.notes).toEqual([expect.stringMatching(/^synthesis for greet: 1 malformed rule dropped/)]);
    expect(p.rules.map((r) => r.name)).toEqual(['hi']);
  });

  test('a patch may rewrite and remove only editable rules', async () => {
    const llm = new ScriptedLlm([
      {
        json: {
          rules: [
            draft({ name: 'refund v2', pattern: 'refund|money back', label: 'refund', replaces: 'r1' }),
            draft({ name: 'hello v2', pattern: 'hello|hi', label: 'greet', replaces: 'r2' }),
            draft({ name: 'ghost', pattern: 'x', label: 'refund', replaces: 'r9' }),
            draft({ name: 'new', pattern: 'money', label: 'refund', replaces: null }),
          ],
          remove: [
            { id: 'r2', reason: 'broad' },
            { id: 'r1', reason: 'old' },
          ],
        },
      },
    ]);
    const p = await new LlmProposer(llm).patch(patchReq());
    expect(llm.requests[0]!.purpose).toBe('patch:round-1');
    expect(p.rules.map((r) => r.name)).toEqual(['refund v2', 'new']);
    expect(Object.values(p.replaces)).toEqual(['r1']);
    expect(p.remove).toEqual([{ id: 'r1', reason: 'old' }]);
    expect(p.notes).toEqual([
      'patch round 1: ignored a rewrite of "r2": that rule is not targeted',
      'patch round 1: ignored a rewrite of "r9": no such rule',
      'patch round 1: ignored removing "r2": that rule is not targeted',
    ]);
  });
});

describe('InducerProposer', () => {
  const induced = (id: string, pattern: string, label: string) =>
    Rule.parse({ id, name: id, format: 'regex', pattern, output: { label }, status: 'proposed', provenance: 'induced' });

  test('adopts induced rules, giving fresh ids where theirs are taken, and passes dev for acceptance', async () => {
    const seen: unknown[] = [];
    const inducer: Inducer = {
      induceRules: (_t, tr, opts) => {
        seen.push(tr.length, opts);
        return { rules: [induced('ind-1', 'refund', 'refund'), induced('ind-2', 'hello', 'greet'), induced('ind-3', 'x', 'other')], report: { ok: 1 } };
      },
      inducePatch: () => ({ rules: [], report: null }),
    };
    const dev = [Example.parse({ id: 'd', text: 'hi', label: 'greet', split: 'dev' })];
    const p = await new InducerProposer(inducer).synthesize(synthReq({ ids: new IdAllocator(['ind-1']), dev }));
    expect(seen).toEqual([2, { dev, seed: 1, learnBudgetMs: expect.any(Number) as number }]);
    expect(p.rules.map((r) => r.id)).toEqual(['ind-refund-1', 'ind-2']);
    expect(p.report).toEqual({ ok: 1 });
  });

  test("the summary hears what a budget removed, in all or per label, the user's or where dev ties, and not the inducer's other notes", async () => {
    const notes = [
      '12 rules that added least were removed to keep every label within 15 rules as merged (--max-rules-per-label)',
      '101 rules that added least were removed to keep to 100 rules as merged (--max-rules)',
      "at most 15 rules per label as merged: dev micro F1, macro F1 and accuracy stay within 0.005 of the longer list's without the 406 rules that added least",
      'dev chose Wilson z 1.96 to rank rules (dev F1 0.828 at the cut)',
    ];
    const inducer: Inducer = { induceRules: () => ({ rules: [], report: { notes } }), inducePatch: () => ({ rules: [], report: null }) };
    const dev = [Example.parse({ id: 'd', text: 'hi', label: 'greet', split: 'dev' })];
    const p = await new InducerProposer(inducer).synthesize(synthReq({ dev }));
    expect(p.warnings).toEqual(notes.slice(0, 3));
  });

  test('a patch: a changed rule with a current id is a rewrite, an unchanged one no change, removals filtered by scope', async () => {
    const inducer: Inducer = {
      induceRules: () => ({ rules: [], report: null }),
      inducePatch: () => ({
        rules: [{ ...current[0]! }, { ...current[1]!, pattern: 'hello|hi' }, induced('ind-9', 'money', 'refund'), induced('ind-8', 'hey', 'greet')],
        remove: ['r1', 'r2'],
        report: { patched: true },
      }),
    };
    const p = await new InducerProposer(inducer).patch(patchReq());
    // r2 is not editable, so its rewrite is ignored; greet is not an allowed label.
    expect(p.rules.map((r) => r.id)).toEqual(['ind-9']);
    expect(p.remove).toEqual([{ id: 'r1', reason: 'the inducer found it hurts' }]);
    expect(p.notes).toEqual(['patch round 1: ignored a rewrite of "r2": that rule is not targeted', 'patch round 1: ignored removing "r2": that rule is not targeted']);
    const open = await new InducerProposer(inducer).patch(patchReq({ editable: null, allowedLabels: null }));
    expect(open.rules.map((r) => r.id)).toEqual(['r2-r1', 'ind-9', 'ind-8']);
    expect(open.replaces).toEqual({ 'r2-r1': 'r2' });
  });

  test('one budget for the whole run: each call gets what is left, and a round after it ran out is not run and says so', async () => {
    let clock = 0;
    const budgets: number[] = [];
    const inducer: Inducer = {
      induceRules: (_t, _tr, opts) => {
        budgets.push(opts.learnBudgetMs!);
        clock += 45_000;
        return { rules: [], report: null };
      },
      inducePatch: (_t, _tr, _c, opts) => {
        budgets.push(opts.learnBudgetMs!);
        clock += 20_000;
        return { rules: [], report: null };
      },
    };
    const proposer = new InducerProposer(inducer, { learnBudgetMs: 60_000 }, () => clock);
    await proposer.synthesize(synthReq());
    expect(proposer.spentBefore(1)).toBeNull();
    await proposer.patch(patchReq());
    // Asked before a round scores anything, with the words the round's warning uses.
    expect(proposer.spentBefore(2)).toBe('the 60 s budget ran out before patch round 2: it was not run (learn --budget SECONDS to give it more)');
    const late = await proposer.patch(patchReq({ round: 2 }));
    expect(budgets).toEqual([60_000, 15_000]);
    expect(late.warnings).toEqual(['the 60 s budget ran out before patch round 2: it was not run (learn --budget SECONDS to give it more)']);
  });
});
