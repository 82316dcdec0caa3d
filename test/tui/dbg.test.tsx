import { test } from 'vitest';
import { demoWorkspace } from './fixtures.js';
import { useTemplateWorkspace } from './harness.js';
const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));
test('dbg', async () => {
  const ws = tmp.open();
  console.log(JSON.stringify(await ws.previewRuleEdit({ ruleId: 'any-money', pattern: '\\b(?:money)\\b' })));
  console.log(JSON.stringify(await ws.previewRuleEdit({ ruleId: 'any-money', pattern: '\\b(?:money|transfer)\\b' })));
});
