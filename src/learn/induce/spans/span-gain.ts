/** A span with its label, as offsets into its text. */
export interface LabelledSpan {
  start: number;
  end: number;
  label: string;
}

/** One train text: its gold spans and the spans the active rules extract (with the rule's name). */
export interface SpanDocOnTrain {
  text: string;
  gold: readonly LabelledSpan[];
  predicted: readonly (LabelledSpan & { rule: string })[];
}

/** Whether two spans are the same answer: same offsets and label, or (text matching) same label and text. */
export function sameAnswer(text: string, a: LabelledSpan, b: LabelledSpan, textMatch: boolean): boolean {
  if (a.label !== b.label) return false;
  return (a.start === b.start && a.end === b.end) || (textMatch && text.slice(a.start, a.end) === text.slice(b.start, b.end));
}

/**
 * What a new span rule would change on train beside the active rules: gold spans it finds that
 * no rule finds now (mends), less spans it extracts that no gold has and no rule extracts now
 * (breaks). An estimate: where it overlaps a span the rules extract now, the conflict policy may
 * keep either.
 */
export function spanGain(docs: readonly SpanDocOnTrain[], made: readonly (readonly LabelledSpan[])[], textMatch: boolean): { mends: number; breaks: number } {
  let mends = 0;
  let breaks = 0;
  docs.forEach((d, i) => {
    const mended = new Set<number>();
    for (const m of made[i] ?? []) {
      const g = d.gold.findIndex((x) => sameAnswer(d.text, m, x, textMatch));
      if (g >= 0) {
        if (!mended.has(g) && !d.predicted.some((p) => sameAnswer(d.text, p, d.gold[g]!, textMatch))) mends++;
        mended.add(g);
      } else if (!d.predicted.some((p) => sameAnswer(d.text, p, m, false))) breaks++;
    }
  });
  return { mends, breaks };
}
