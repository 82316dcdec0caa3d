import type { FakeRequest, FakeReply } from '../helpers/fake-openai-server.js';
import { reply } from '../helpers/fake-openai-server.js';
import { PATCH_MARKER } from '../../src/learn/prompts/patch-prompt.js';
import { SYNTHESIS_MARKER } from '../../src/learn/prompts/synthesis-prompt.js';

// A scripted model for learning tests: rule drafts as a model writes them, and replies by kind of
// request. The intent rows it learns from are INTENT_ROWS in test/helpers/fixtures.ts.

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

