import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Workspace } from '../../src/service/index.js';
import { repoRoot } from '../helpers/shared.js';
import { writeJsonl } from '../cli/helpers.js';
import { KEY, renderApp, useTemplateWorkspace } from './harness.js';

/** The bundled support tickets, split and learned offline: what a user has after the tour's first steps. */
async function supportWorkspace(ws: Workspace): Promise<void> {
  ws.importFile(join(repoRoot, 'datasets', 'support-tickets.jsonl'), { create: { name: 'support', type: 'classification' } });
  ws.dataset().split({ dev: 0.2, test: 0.2, seed: 42 });
  await ws.dataset().learn({ offline: true });
}

describe('a correction rule is shown with what else it catches before it is kept', () => {
  const tmp = useTemplateWorkspace(supportWorkspace);

  test('saving a correction on the correct screen says which rule learning will add and that it catches no other label', async () => {
    const ws = tmp.open();
    // A billing ticket added to train after learning; the learned rules call it shipping ("…my order").
    ws.importFile(writeJsonl(tmp.path('more.jsonl'), [{ id: 'coupon', text: 'The coupon code was not applied to my order total.', label: 'billing', split: 'train' }]), {});
    expect(ws.dataset().predictExample({ exampleId: 'coupon' }).prediction.label).toBe('shipping');
    const app = renderApp(ws, { initial: { screen: 'correct', exampleId: 'coupon' }, columns: 200, rows: 30 });
    await app.until((f) => expect(f).toContain('Correct example coupon'));
    await app.press(KEY.ctrlS);
    const f = await app.until((f) => expect(f).toContain('correction c1 saved'));
    expect(f).toMatch(/learning will add billing <- .* above the rules: it fires on \d+ train texts? of billing, none of another label/);
    app.unmount();
  });

  test('the learn screen names the other-label texts a refused correction rule would take over', async () => {
    const ws = tmp.open();
    // The very words of a shipping ticket in train, said to be billing: no rule on them leaves that ticket out.
    ws.dataset().correct({ text: 'Why did my package not arrive yet?', expectedLabel: 'billing' });
    const app = renderApp(ws, { initial: { screen: 'learn' }, columns: 140, rows: 40 });
    await app.until((f) => expect(f).toContain('press enter to start a round'));
    await app.press('i', 'o');
    await app.until((f) => expect(f).toContain('incremental on · offline on'));
    await app.press(KEY.enter);
    const done = await app.until((f) => expect(f).toMatch(/run \d+ done in/), 60_000);
    expect(done).toMatch(/rule billing <- .* for correction-c1 not added: it catches 1 train text of other labels/);
    expect(done).toContain('t7 (shipping): Why did my package not arrive yet?');
    const proposed = ws.dataset().listRules({ status: ['proposed'] }).rules;
    expect(proposed.map((r) => r.name)).toEqual([expect.stringMatching(/^billing <- /)]);
    expect(ws.dataset().listRules({ status: ['active'] }).rules.some((r) => r.name === proposed[0]!.name)).toBe(false);
    app.unmount();
  }, 90_000);
});

describe('feedback an offline run cannot read', () => {
  const tmp = useTemplateWorkspace(supportWorkspace);
  afterEach(() => vi.unstubAllEnvs());

  test('stays open after an incremental run that accepted a correction rule, and the feedback screen says why', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    vi.stubEnv('OPENAI_BASE_URL', '');
    const ws = tmp.open();
    const target = ws.dataset().listRules({ status: ['active'] }).rules[0]!.id;
    ws.dataset().addFeedback({ text: 'this rule is too broad', rule: target });
    ws.dataset().correct({ exampleId: 't26', expectedLabel: 'billing' });
    const learn = renderApp(ws, { initial: { screen: 'learn' }, columns: 140, rows: 40 });
    await learn.until((f) => expect(f).toContain('press enter to start a round'));
    await learn.press('i');
    await learn.until((f) => expect(f).toContain('incremental on'));
    await learn.press(KEY.enter);
    await learn.until((f) => expect(f).toMatch(/run \d+ done in/), 60_000);
    learn.unmount();
    // The run accepted a change (the correction's rule), none the feedback prompted.
    expect(ws.dataset().listCorrections()).toMatchObject({ total: 1, holding: 1 });
    const app = renderApp(ws, { initial: { screen: 'feedback' }, columns: 200, rows: 30 });
    const f = await app.until((f) => expect(f).toMatch(/not applied by learn run \d+: the offline learner cannot read plain-English feedback; configure an LLM/));
    expect(f).toMatch(/fb-1\s+open/);
    expect(ws.dataset().listFeedback().feedback[0]).toMatchObject({ status: 'open', applied_run_id: null });
    app.unmount();
  }, 90_000);
});
