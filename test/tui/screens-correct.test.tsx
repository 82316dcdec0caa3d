import { describe, expect, test } from 'vitest';
import { spanWorkspace } from './fixtures.js';
import { expectFits, KEY, renderApp, useTemplateWorkspace } from './harness.js';

describe('correct screen (spans)', () => {
  const tmp = useTemplateWorkspace((ws, dir) => spanWorkspace(ws, `${dir}/people.jsonl`));

  test('edits the expected spans (remove, add by text, relabel, move edges) and saves the correction with a note', async () => {
    const ws = tmp.open();
    const app = renderApp(ws, { initial: { screen: 'correct', exampleId: 's4' } });
    const f = await app.until((f) => expect(f).toContain('Correct example s4 (dev, gold) · held out: saving asks to move it to train'));
    expect(f).toContain('[Paris]LOC is far from [Oslo]LOC, said [Dora]PER.');
    expect(f).toContain('gold LOC:"Paris" LOC:"Oslo" PER:"Dora"');
    expect(f).toContain('rules now LOC:"Paris" LOC:"Oslo"');
    expect(f).toMatch(/› 0-5 LOC "Paris"/);
    await app.press('j', 'j');
    await app.until((f) => expect(f).toMatch(/› 29-33 PER "Dora"/));
    await app.press('x');
    await app.until((f) => expect(f).not.toMatch(/29-33/));
    expect(app.frame()).toContain(', said Dora.');
    await app.press('a');
    await app.until((f) => expect(f).toContain('span text'));
    await app.type('Dora');
    await app.press(KEY.enter);
    await app.until((f) => expect(f).toMatch(/› 29-33 LOC "Dora"/));
    await app.press('n');
    await app.until((f) => expect(f).toMatch(/› 29-33 PER "Dora"/));
    await app.press('H');
    await app.until((f) => expect(f).toMatch(/› 29-32 PER "Dor"/));
    await app.press('L', 'h');
    await app.until((f) => expect(f).toMatch(/› 28-33 PER " Dora"/));
    await app.press('l');
    await app.until((f) => expect(f).toMatch(/› 29-33 PER "Dora"/));
    await app.press('a');
    await app.type('Berlin');
    await app.press(KEY.enter);
    await app.until((f) => expect(f).toContain('"Berlin" is not in the text'));
    await app.press(KEY.escape, KEY.tab);
    await app.type('names after "said" are people');
    expectFits(app.frame(), 80, 24);
    await app.press(KEY.enter);
    // s4 is a dev example: nothing is saved until the move to train is agreed to.
    await app.until((f) => expect(f).toContain('s4 is in dev, held out: move it to train to correct it'));
    expect(ws.dataset().listCorrections().total).toBe(0);
    await app.press('y');
    await app.until((f) => expect(f).toContain('correction c1 saved and s4 moved from dev to train'));
    expect(ws.dataset().getExample('s4').split).toBe('train');
    const [c] = ws.dataset().listCorrections().corrections;
    expect(c).toMatchObject({
      example_id: 's4',
      note: 'names after "said" are people',
      expected: { spans: [{ start: 0, end: 5, label: 'LOC', text: 'Paris' }, { start: 18, end: 22, label: 'LOC', text: 'Oslo' }, { start: 29, end: 33, label: 'PER', text: 'Dora' }] },
      produced: { spans: [{ start: 0, end: 5, label: 'LOC', text: 'Paris' }, { start: 18, end: 22, label: 'LOC', text: 'Oslo' }] },
    });
    // The correction became a training example.
    expect(ws.dataset().getExample('correction-c1').source).toBe('correction');
    app.unmount();
  });

  test('n at the held-out question keeps the example in dev and saves nothing', async () => {
    const ws = tmp.open();
    const app = renderApp(ws, { initial: { screen: 'correct', exampleId: 's4' } });
    await app.until((f) => expect(f).toContain('Correct example s4'));
    await app.press(KEY.ctrlS);
    await app.until((f) => expect(f).toContain('move it to train to correct it'));
    await app.press('n');
    await app.until((f) => expect(f).not.toContain('move it to train to correct it'));
    expect(app.frame()).toContain('Correct example s4');
    expect(ws.dataset().listCorrections().total).toBe(0);
    expect(ws.dataset().getExample('s4').split).toBe('dev');
    app.unmount();
  });

  test('esc leaves without saving anything', async () => {
    const ws = tmp.open();
    const app = renderApp(ws, { initial: { screen: 'correct', exampleId: 's5' } });
    await app.until((f) => expect(f).toContain('no spans: nothing should be extracted'));
    expect(app.frame()).toContain('rules now PER:"Nothing"');
    await app.press(KEY.escape);
    expect(ws.dataset().listCorrections().total).toBe(0);
    app.unmount();
  });
});

describe('leaving a correction with changes', () => {
  const tmp = useTemplateWorkspace((ws, dir) => spanWorkspace(ws, `${dir}/people.jsonl`));

  test('esc asks before discarding a changed correction, and leaves at once when nothing changed', async () => {
    const ws = tmp.open();
    const app = renderApp(ws, { initial: { screen: 'examples' } });
    await app.until((f) => expect(f).toMatch(/› s4/));
    await app.press('c');
    await app.until((f) => expect(f).toContain('Correct example'));
    await app.press(KEY.escape);
    await app.until((f) => expect(f).not.toContain('Correct example'));
    await app.press('c');
    await app.until((f) => expect(f).toContain('Correct example'));
    await app.press('x');
    await app.press(KEY.escape);
    await app.until((f) => expect(f).toContain('Discard this correction? (nothing is saved) y yes · n/esc no'));
    await app.press('n');
    await app.until((f) => expect(f).not.toContain('Discard this correction?'));
    expect(app.frame()).toContain('Correct example');
    await app.press(KEY.escape, 'y');
    await app.until((f) => expect(f).not.toContain('Correct example'));
    expect(ws.dataset().listCorrections().corrections).toHaveLength(0);
    app.unmount();
  });
});
