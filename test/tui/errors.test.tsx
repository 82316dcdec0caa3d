import { render } from 'ink-testing-library';
import { describe, expect, test } from 'vitest';
import { ErrorBoundary } from '../../tui/components/ErrorBoundary.js';
import { demoWorkspace } from './fixtures.js';
import { expectFits, KEY, renderApp, useTemplateWorkspace } from './harness.js';

function Boom(): never {
  throw new Error('the screen blew up');
}

describe('errors', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws, { metrics: false }));

  test('a render failure shows in a panel instead of taking the terminal down', () => {
    const errors: Error[] = [];
    const r = render(
      <ErrorBoundary onError={(e) => errors.push(e)}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(r.lastFrame()).toContain('This screen failed');
    expect(r.lastFrame()).toContain('the screen blew up');
    expect(errors.map((e) => e.message)).toEqual(['the screen blew up']);
    r.unmount();
  });

  test('a failing service call shows its message in a panel on every screen, and the app keeps going', async () => {
    const ws = tmp.open();
    const app = renderApp(ws, { dataset: 'nope' });
    const f = await app.until((f) => expect(f).toContain('Cannot read the rules'));
    expect(f).toContain('no dataset "nope"');
    expect(f.replace(/[\s│]+/g, ' ')).toContain('the datasets are banking77');
    expectFits(f, 80, 24);
    await app.press('2');
    await app.until((f) => expect(f).toContain("Cannot compute the examples' outcomes"));
    await app.press('3');
    await app.until((f) => expect(f).toContain('Cannot read the feedback'));
    await app.press('5');
    await app.until((f) => expect(f).toContain('Cannot read the recorded evaluations'));
    await app.press('4');
    await app.until((f) => expect(f).toMatch(/no dataset "nope"/));
    await app.press('1');
    await app.until((f) => expect(f).toContain('Cannot read the rules'));
    app.unmount();
  });

  test('a rule that does not exist, and an action the service refuses, show the reason', async () => {
    const ws = tmp.open();
    const app = renderApp(ws, { initial: { screen: 'rule', ruleId: 'no-such-rule' } });
    await app.until((f) => expect(f).toContain('Cannot open rule no-such-rule'));
    expect(app.frame()).toContain('no rule "no-such-rule"');
    await app.press('4');
    // Nothing was pruned yet: undo says so in the screen, the app stays up.
    await app.until((f) => expect(f).toContain('Prune'));
    await app.press('u');
    await app.until((f) => expect(f).toContain('nothing to undo in dataset "banking77"'));
    await app.press(KEY.escape);
    await app.until((f) => expect(f).not.toContain('nothing to undo'));
    app.unmount();
  });
});
