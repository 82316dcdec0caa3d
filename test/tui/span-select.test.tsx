import { describe, expect, test } from 'vitest';
import type { Workspace } from '../../src/service/index.js';
import { demoWorkspace, spanWorkspace } from './fixtures.js';
import { expectFits, hasEscapes, KEY, renderApp, useTemplateWorkspace } from './harness.js';

// s1 is "Ann met Bob in Oslo." (train), gold PER Ann, PER Bob, LOC Oslo; the text cursor shows
// at the selected match (the first, "Ann", at 0) on the first cursor key.
const right = (n: number) => Array<string>(n).fill(KEY.right);

describe('selecting a span of an example', () => {
  const spans = useTemplateWorkspace((ws, dir) => spanWorkspace(ws, `${dir}/people.jsonl`));
  const openS1 = async (ws: Workspace = spans.open()) => {
    const app = renderApp(ws, { initial: { screen: 'example', exampleId: 's1' } });
    await app.until((f) => expect(f).toContain('example s1'));
    return app;
  };

  test('shift-arrows select a span, s lists rules that extract it, and enter adds the one selected', async () => {
    const ws = spans.open();
    const app = await openS1(ws);
    await app.press(...right(8), KEY.shiftRight, KEY.shiftRight, KEY.shiftRight);
    const f = await app.until((f) => expect(f).toContain('selected 8-11 "Bob" → PER (gold)'));
    // Without colour the selection is drawn in « » (here round the other rule's { } match).
    expect(f).toContain('{Ann} met «{Bob}» in {Oslo}.');
    expect(hasEscapes(f)).toBe(false);
    expectFits(f, 80, 24);
    await app.press('s');
    const list = await app.until((f) => expect(f).toMatch(/› 1 +PER <- /));
    expect(list).toContain('Suggestions for s1 → PER "Bob" at 8-11');
    expect(list).toMatch(/PER <- "Bob" +-?\d+ +1\/1 +1\.00/);
    const first = list.match(/› 1 +(PER <- .*?) {2,}/)![1]!;
    await app.press(KEY.enter);
    await app.until(() => expect(ws.dataset().listRules({ status: ['active'] }).rules.map((r) => r.name)).toContain(first));
    app.unmount();
  });

  test.each([
    ['shift-arrows', [...right(8), KEY.shiftRight, KEY.shiftRight, KEY.shiftRight]],
    ['w to a word edge, then W to select the word', ['w', 'w', 'w', 'w', 'W']],
    ['ctrl-arrows to a word end, then ctrl-shift-left back over the word', [KEY.ctrlRight, KEY.ctrlRight, KEY.ctrlRight, KEY.ctrlRight, KEY.ctrlRight, KEY.ctrlShiftLeft]],
  ])('%s select the same span', async (_how, keys) => {
    const app = await openS1();
    await app.press(...keys);
    await app.until((f) => expect(f).toContain('selected 8-11 "Bob" → PER (gold)'));
    app.unmount();
  });

  test('a span no gold span covers takes the first label, and l steps through the others', async () => {
    const ws = spans.open();
    const [first, second] = ws.dataset().task.labels!;
    const app = await openS1(ws);
    // "met" (4-7): a word on twice from "Ann", then a word selected.
    await app.press('w', 'w', 'W');
    await app.until((f) => expect(f).toContain(`selected 4-7 "met" → ${first} (first label)`));
    await app.press('l');
    await app.until((f) => expect(f).toContain(`selected 4-7 "met" → ${second} (picked)`));
    await app.press('s');
    await app.until((f) => expect(f).toContain(`Suggestions for s1 → ${second} "met" at 4-7`));
    app.unmount();
  });

  test('esc drops the selection; s without one asks the service as before, which wants a span', async () => {
    const app = await openS1();
    await app.press(...right(8), KEY.shiftRight, KEY.shiftRight);
    await app.until((f) => expect(f).toContain('{Ann} met «{Bo»b} in'));
    await app.press(KEY.escape);
    const f = await app.until((f) => expect(f).toContain('cursor at 10'));
    expect(f).toContain('example s1');
    expect(f).not.toContain('«');
    await app.press('s');
    await app.until((f) => expect(f).toMatch(/Cannot suggest rules for s1[\s\S]*say which span/));
    app.unmount();
  });
});

describe('the text cursor is for span tasks only', () => {
  const spans = useTemplateWorkspace((ws, dir) => spanWorkspace(ws, `${dir}/people.jsonl`));
  const demo = useTemplateWorkspace((ws) => demoWorkspace(ws));

  test.each([
    ['a span task lists', () => spans.open(), 's1', true],
    ['a classification task leaves out', () => demo.open(), 'train-293', false],
  ])('the help of %s the text cursor keys', async (_what, open, exampleId, listed) => {
    const app = renderApp(open(), { initial: { screen: 'example', exampleId }, columns: 120, rows: 30 });
    await app.until((f) => expect(f).toContain(`example ${exampleId}`));
    await app.press('?');
    const help = await app.until((f) => expect(f).toContain('Help:'));
    for (const keys of ['shift-←/→', 'b/w ^←/^→', 'next label for the selected span']) expect(help.includes(keys)).toBe(listed);
    app.unmount();
  });

  test('on a classification example the arrows show no cursor and select nothing', async () => {
    const app = renderApp(demo.open(), { initial: { screen: 'example', exampleId: 'train-293' } });
    const before = await app.until((f) => expect(f).toMatch(/What is my \{money\} worth/));
    await app.press(KEY.right, KEY.shiftRight, 'W', 'l');
    expect(app.frame()).toBe(before);
    app.unmount();
  });
});
