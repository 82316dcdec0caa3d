import { describe, expect, test } from 'vitest';
import { parseConll, writeConll } from '../../src/formats/conll.js';
import { errorOf, taskOf } from './helpers.js';

const ex = (id: string, text: string, spans: { start: number; end: number; label: string }[]) => ({ id, text, spans, split: 'train', source: 'gold' });

describe('parseConll', () => {
  test('builds sentence text with single spaces and character spans', () => {
    const d = parseConll('@paulwalk\tO\nIt\tO\n\'s\tO\nEmpire\tB-location\nState\tI-location\nBuilding\tI-location\n\t\nhi\tO\n', 'w.conll');
    expect(d.taskType).toBe('ner');
    expect(d.labels).toEqual(['location']);
    expect(d.examples).toEqual([
      ex('s1', "@paulwalk It 's Empire State Building", [{ start: 16, end: 37, label: 'location' }]),
      ex('s2', 'hi', []),
    ]);
    expect(d.warnings).toEqual([]);
  });

  test.each([
    ['space-separated columns, first is the token, last the tag', 'EU NNP B-NP B-ORG\nrejects VBZ B-VP O\n', [ex('s1', 'EU rejects', [{ start: 0, end: 2, label: 'ORG' }])]],
    ['-DOCSTART- lines are skipped', '-DOCSTART- -X- -X- O\n\nPeter B-PER\n', [ex('s1', 'Peter', [{ start: 0, end: 5, label: 'PER' }])]],
    ['B- right after B- starts a new entity', 'A\tB-PER\nB\tB-PER\n', [ex('s1', 'A B', [{ start: 0, end: 1, label: 'PER' }, { start: 2, end: 3, label: 'PER' }])]],
    ['an entity at sentence end is closed', 'in\tO\nNew\tB-LOC\nYork\tI-LOC', [ex('s1', 'in New York', [{ start: 3, end: 11, label: 'LOC' }])]],
    ['label types with hyphens', 'Up\tB-creative-work\n', [ex('s1', 'Up', [{ start: 0, end: 2, label: 'creative-work' }])]],
    ['emoji tokens give UTF-16 offsets', '😀\tO\nBob\tB-person\n', [ex('s1', '😀 Bob', [{ start: 3, end: 6, label: 'person' }])]],
    ['IOBES tags', 'New\tB-LOC\nYork\tE-LOC\nBob\tS-PER\n', [ex('s1', 'New York Bob', [{ start: 0, end: 8, label: 'LOC' }, { start: 9, end: 12, label: 'PER' }])]],
    ['# id = lines name the sentence', '# id = tweet-7\nhi\tO\n\nyo\tO\n', [ex('tweet-7', 'hi', []), ex('s2', 'yo', [])]],
    ['a # token is a token', '#\tO\nfun\tO\n', [ex('s1', '# fun', [])]],
    ['CRLF and trailing blank lines', 'a\tO\r\n\r\n\r\nb\tB-X\r\n\r\n', [ex('s1', 'a', []), ex('s2', 'b', [{ start: 0, end: 1, label: 'X' }])]],
  ])('%s', (_t, content, examples) => {
    expect(parseConll(content, 'x.conll').examples).toEqual(examples);
  });

  test('an I- tag without its B- starts a new entity and is counted', () => {
    const d = parseConll('a\tO\nb\tI-PER\nc\tI-PER\nd\tI-LOC\n', 'x.conll');
    expect(d.examples[0]?.spans).toEqual([
      { start: 2, end: 5, label: 'PER' },
      { start: 6, end: 7, label: 'LOC' },
    ]);
    expect(d.warnings).toEqual(['2 entity tag(s) continued no entity of their type and started a new one (first at x.conll:2)']);
  });

  test('ids take the prefix option', () => {
    expect(parseConll('a\tO\n', 'x.conll', { idPrefix: 'dev-' }).examples[0]?.id).toBe('dev-s1');
  });

  test.each([
    ['one column', 'a\tO\nlonely\n', 'x.conll:2: expected "token<TAB>tag", found one column "lonely"; separate the token and its tag with a tab or spaces'],
    ['a tag that is not IOB2', 'a\tO\n\nb\tPERSON\n', 'x.conll:3: tag "PERSON" is not IOB2; use O, B-TYPE or I-TYPE as the last column'],
    ['a duplicate sentence id', '# id = a\nx\tO\n\n# id = a\ny\tO\n', 'x.conll:5: duplicate id "a" (first used at x.conll:2); ids must be unique within a file'],
  ])('rejects %s with FILE:LINE', (_t, content, message) => {
    expect(errorOf(() => parseConll(content, 'x.conll'))).toBe(message);
  });
});

describe('writeConll', () => {
  test('writes IOB2 over whitespace tokens and reads back the same spans', () => {
    const examples = [
      { id: 'a', text: 'Mr  Bob Smith went to New York .', spans: [{ start: 4, end: 13, label: 'PER' }, { start: 22, end: 30, label: 'LOC' }], split: 'train' as const, source: 'gold' as const },
      { id: 'b', text: 'nothing here', spans: [], split: 'train' as const, source: 'gold' as const },
    ];
    const out = writeConll(taskOf('ner'), examples);
    expect(out).toBe('Mr\tO\nBob\tB-PER\nSmith\tI-PER\nwent\tO\nto\tO\nNew\tB-LOC\nYork\tI-LOC\n.\tO\n\nnothing\tO\nhere\tO\n');
    const back = parseConll(out, 'x.conll').examples;
    expect(back.map((e) => e.spans?.map((s) => e.text?.slice(s.start, s.end)))).toEqual([['Bob Smith', 'New York'], []]);
  });

  test('overlapping spans: the outer (or first) span wins', () => {
    const out = writeConll(taskOf('ner'), [
      {
        id: 'a',
        text: 'University of Oslo Norway',
        spans: [
          { start: 14, end: 18, label: 'LOC' },
          { start: 0, end: 18, label: 'ORG' },
          { start: 14, end: 25, label: 'MISC' },
        ],
        split: 'train',
        source: 'gold',
      },
    ]);
    expect(out).toBe('University\tB-ORG\nof\tI-ORG\nOslo\tI-ORG\nNorway\tO\n');
  });

  test('a span inside a token tags the whole token; empty texts are skipped', () => {
    const out = writeConll(taskOf('extraction'), [
      { id: 'a', text: 'pay $9.00now', spans: [{ start: 5, end: 9, label: 'AMT' }], split: 'train', source: 'gold' },
      { id: 'b', text: '   ', spans: [], split: 'train', source: 'gold' },
    ]);
    expect(out).toBe('pay\tO\n$9.00now\tB-AMT\n');
  });

  test('refuses non-span tasks', () => {
    expect(errorOf(() => writeConll(taskOf('classification'), []))).toBe('CoNLL export needs a span task (ner or extraction), not classification; use --format jsonl or csv');
  });
});
