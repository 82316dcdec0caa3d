import { test } from 'vitest';
import { DEMO, renderApp, useTempWorkspace } from './harness.js';
test('dbg', async () => {
  const tmp = useTempWorkspace();
  const ws = tmp.open();
  ws.importFile(DEMO, { create: { name: 'banking77' } });
  const app = renderApp(ws, { initial: { screen: 'examples' } });
  await app.until(() => {});
  await new Promise((r) => setTimeout(r, 500));
  await app.press('/');
  console.log(app.frame().split('\n').slice(-2).join('\n'));
  await app.press('e');
  console.log(app.frame().split('\n').slice(-2).join('\n'));
  await app.press('x');
  console.log(app.frame().split('\n').slice(-2).join('\n'));
  app.unmount();
});
