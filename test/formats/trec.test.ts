import { describe, expect, test } from 'vitest';
import { parseTrec } from '../../src/formats/trec.js';
import { errorOf } from './helpers.js';

const content = 'NUM:dist How far is it from Denver to Aspen ?\nLOC:city What county is Modesto , California in ?\n\nHUM:desc Who was Galileo ?\n';

describe('parseTrec', () => {
  test('coarse labels by default, the fine label kept in meta', () => {
    const d = parseTrec(content, 't.label');
    expect(d.taskType).toBe('classification');
    expect(d.labels).toEqual(['HUM', 'LOC', 'NUM']);
    expect(d.examples[0]).toEqual({ id: 'q1', text: 'How far is it from Denver to Aspen ?', label: 'NUM', meta: { fine: 'NUM:dist' }, split: 'train', source: 'gold' });
    expect(d.examples.map((e) => e.id)).toEqual(['q1', 'q2', 'q4']);
  });

  test('fine labels with trecLabel: fine', () => {
    const d = parseTrec(content, 't.label', { trecLabel: 'fine' });
    expect(d.labels).toEqual(['HUM:desc', 'LOC:city', 'NUM:dist']);
    expect(d.examples[1]).toEqual({ id: 'q2', text: 'What county is Modesto , California in ?', label: 'LOC:city', split: 'train', source: 'gold' });
  });

  test.each([
    ['no label', 'NUM:dist How far ?\nWhat is this ?\n', 't.label:2: expected "COARSE:fine question" (for example "NUM:dist How far is it ?"); fix the line'],
    ['lowercase coarse label', 'num:dist How far ?\n', 't.label:1: expected "COARSE:fine question" (for example "NUM:dist How far is it ?"); fix the line'],
  ])('rejects %s with FILE:LINE', (_t, text, message) => {
    expect(errorOf(() => parseTrec(text, 't.label'))).toBe(message);
  });
});
