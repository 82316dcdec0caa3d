import { describe, expect, test } from 'vitest';
import { checkRule } from '../../../../src/core/safety/check-rule.js';
import { screenRedosStatic } from '../../../../src/core/safety/redos.js';
import { fillerCandidates, leftContext, rightContext, runSource } from '../../../../src/learn/induce/spans/filler.js';
import type { SpanDoc } from '../../../../src/learn/induce/spans/forms.js';
import { rule } from '../../../helpers/rules.js';

/** A document with its gold spans given as [text, label], found in order. */
const doc = (text: string, spans: [string, string][]): SpanDoc => ({
  text,
  spans: spans.map(([form, label]) => {
    const start = text.indexOf(form);
    return { start, end: start + form.length, label, text: form };
  }),
  universe: null,
});

const songs: [string, string][] = [
  ['Yellow Submarine', 'The Beatles'],
  ['Hey Jude', 'The Beatles'],
  ['Halo', 'Beyoncé'],
  ['Purple Rain', 'Prince'],
  ['Dancing Queen', 'ABBA'],
  ['Wonderwall', 'Oasis'],
];
const train = songs.map(([t, a]) => doc(`play ${t} by ${a}`, [[t, 'TITLE'], [a, 'ARTIST']]));

/** What the candidates of a label extract from a text (group 1 of each match). */
const extract = (pattern: string, text: string) => [...text.matchAll(new RegExp(pattern, 'g'))].map((m) => m[1]);

describe('open-class fillers', () => {
  test.each([
    ['play Hey Jude by The Beatles', 5, '\\bplay\\s{1,3}'],
    ['Hey Jude by The Beatles', 0, '^'],
    ['play "Hey Jude" by them', 6, '\\bplay\\s{1,3}"'],
    ['replay#Hey', 7, null],
  ])('the left context of a span in %j at %i is %j', (text, start, want) => {
    expect(leftContext(text, start)).toBe(want);
  });

  test.each([
    ['play Hey Jude by The Beatles', 13, '\\s{1,3}by\\b'],
    ['play Hey Jude?', 13, '$'],
    ['play Hey Jude, by them', 13, ',\\s{1,3}by\\b'],
    ['play Hey Jude_x', 13, null],
  ])('the right context of a span in %j ending at %i is %j', (text, end, want) => {
    expect(rightContext(text, end)).toBe(want);
  });

  test('play X by Y yields both fillers, and they extract unseen titles and artists', () => {
    const cands = fillerCandidates(train, 1);
    const title = cands.find((c) => c.label === 'TITLE')!;
    const artist = cands.find((c) => c.label === 'ARTIST')!;
    expect(title.group).toBe('$1');
    expect(title.support).toBe(6);
    expect(extract(title.pattern, 'play Bohemian Rhapsody by Queen')).toEqual(['Bohemian Rhapsody']);
    expect(extract(artist.pattern, 'play Bohemian Rhapsody by Queen')).toEqual(['Queen']);
    expect(extract(artist.pattern, 'play Bohemian Rhapsody by Queen.')).toEqual(['Queen']);
    expect(extract(artist.pattern, 'play Bohemian Rhapsody by The Rolling Stones')).toEqual(['The Rolling Stones']);
    // Every example was capitalised: a lower-case run is not taken.
    expect(extract(title.pattern, 'play something by anyone')).toEqual([]);
  });

  test('a label whose names recur still gets a filler, for the names train never had', () => {
    // Two playlists, each named three times: no name is seen once, yet new text brings new ones.
    const lists = ['Road Trip', 'Road Trip', 'Road Trip', 'Chill Out', 'Chill Out', 'Chill Out'];
    const cands = fillerCandidates(lists.map((l, i) => doc(`add song ${i} to my ${l} playlist`, [[l, 'PLAYLIST']])), 1);
    const filler = cands.find((c) => c.label === 'PLAYLIST')!;
    expect(extract(filler.pattern, 'add this to my Sunday Morning playlist')).toEqual(['Sunday Morning']);
  });

  test('a pair of contexts seen around one span gives no filler', () => {
    expect(fillerCandidates([train[0]!], 1)).toEqual([]);
  });

  test.each([
    [1, true, false, '[A-Z\u00c0-\u00d6\u00d8-\u00de][^\\s\\d]*?'],
    [3, false, true, '(?:\\S\\S*\\s+){0,2}?\\S\\S*?'],
  ])('a run of at most %i tokens (capitalised %s, digits %s) is %j', (n, caps, digits, want) => {
    expect(runSource(n, caps, digits)).toBe(want);
  });

  test('every filler passes the engine’s safety checks, ReDoS screening included', async () => {
    const cands = fillerCandidates(train, 1);
    expect(cands.length).toBeGreaterThanOrEqual(2);
    for (const c of cands) {
      const check = await checkRule(rule(c.name, c.pattern, c.label, { flags: c.flags, group: c.group }), { mode: 'learn' });
      expect(check.problems).toEqual([]);
      // The static screen decides them: no slow full screening per learned filler.
      expect(screenRedosStatic(c.pattern, c.flags, { source: c.pattern, flags: c.flags, dialect: 'js' }).status).toBe('safe');
    }
  });
});
