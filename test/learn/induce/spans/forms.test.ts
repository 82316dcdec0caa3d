import { describe, expect, test } from 'vitest';
import { countOccurrences, formCandidates, formStats, type SpanDoc } from '../../../../src/learn/induce/spans/forms.js';

const doc = (text: string, forms: [string, string][]): SpanDoc => {
  const spans = forms.map(([form, label]) => {
    const start = text.indexOf(form);
    return { start, end: start + form.length, label, text: form };
  });
  return { text, spans, universe: null };
};

describe('surface forms', () => {
  test('occurrences respect word edges', () => {
    expect(countOccurrences('two, twofold, two-thirds, network two', 'two')).toBe(3);
    expect(countOccurrences('(no. 5) (no. 6)', '(no.')).toBe(2);
  });

  test('forms are banded by how often their plain matches are gold; ambiguous ones become a regex base', () => {
    const docs = [
      doc('Acme Corp hired two people; two weeks later two left.', [['Acme Corp', 'ORG'], ['two', 'QTY']]),
      doc('Acme Corp again. Two of them, two of us, two more.', [['Acme Corp', 'ORG'], ['two', 'QTY']]),
      doc('Nothing but two things and two more.', [['two', 'QTY']]),
    ];
    const stats = formStats(docs);
    expect(stats.find((s) => s.form === 'two')).toMatchObject({ gold: 3, occurrences: 7, docs: 3 });
    const { lexicons, ambiguous } = formCandidates(stats, 1);
    expect(lexicons.map((l) => [l.label, l.terms])).toEqual([['ORG', ['Acme Corp']]]);
    expect(ambiguous.map((a) => [a.label, a.pattern])).toEqual([['QTY', '\\btwo\\b']]);
  });

  test.each([
    // [form, times seen, listed]
    ['12 March 2001', 1, false],
    ['12 March 2001', 2, true],
    ['Obama', 1, true],
  ])('a form %j seen %i times is a lexicon entry: %s', (form, times, listed) => {
    const docs = Array.from({ length: times }, () => doc(`Said ${form} today.`, [[form, 'X']]));
    const { lexicons } = formCandidates(formStats(docs), 1);
    expect(lexicons.flatMap((l) => l.terms ?? []).includes(form)).toBe(listed);
  });
});
