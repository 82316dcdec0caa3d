import type { Judge } from '../../src/core/matchers/types.js';

/** A fake LLM judge that calls two values the same merchant when their first words match, counting its calls. */
export function firstWordJudge(): Judge & { calls: number } {
  return {
    calls: 0,
    async grade(_c, gold, predicted) {
      this.calls++;
      const same = String(gold).split(' ')[0]!.toLowerCase() === String(predicted).split(' ')[0]!.toLowerCase();
      return { score: same ? 0.9 : 0.1, reason: same ? 'same merchant' : 'another merchant' };
    },
  };
}
