import { z } from 'zod';
import type { MatcherDefinition } from './types.js';
import { asText, show, verdict } from './values.js';

const Options = z.strictObject({
  /** Compare case-insensitively. */
  case: z.boolean().default(true),
  /** `collapse` runs of whitespace to one space and trim; `remove` all whitespace; `keep` as is. */
  whitespace: z.enum(['collapse', 'remove', 'keep']).default('collapse'),
  /** Unicode normalisation form applied first (`NFKC` folds full-width forms, ligatures, non-breaking spaces). */
  unicode: z.enum(['NFKC', 'NFC', 'NFD', 'NFKD', 'none']).default('NFKC'),
  /** Remove punctuation (Unicode category P) before comparing. */
  punctuation: z.boolean().default(false),
});
export type NormalizedOptions = z.infer<typeof Options>;

const PUNCT = /\p{P}+/gu;
const SPACES = /\s+/gu;

/** Applies the `normalized` matcher's normalisation to one value. */
function normalizeText(value: unknown, o: NormalizedOptions): string {
  let s = asText(value);
  if (o.unicode !== 'none') s = s.normalize(o.unicode);
  if (o.case) s = s.toLowerCase();
  if (o.punctuation) s = s.replace(PUNCT, '');
  if (o.whitespace === 'collapse') s = s.replace(SPACES, ' ').trim();
  else if (o.whitespace === 'remove') s = s.replace(SPACES, '');
  return s;
}

/** Equality after normalising case, whitespace, Unicode form and (optionally) punctuation. */
export const normalizedMatcher: MatcherDefinition<NormalizedOptions> = {
  name: 'normalized',
  description: 'equal after Unicode NFKC, case folding and whitespace collapsing (punctuation optional)',
  options: Options,
  bind: (o) => ({
    match(gold, predicted) {
      const g = normalizeText(gold, o);
      const p = normalizeText(predicted, o);
      return g === p
        ? verdict(true, 1, `equal after normalisation: ${show(g)}`, { gold: g, predicted: p })
        : verdict(false, 0, `differ after normalisation: ${show(g)} vs ${show(p)}`, { gold: g, predicted: p });
    },
  }),
};
