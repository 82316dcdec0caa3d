#!/usr/bin/env node
// The compiled CLI lives in dist/ (`npm ci` builds it through the `prepare` script).
let main;
try {
  ({ main } = await import('../dist/src/cli/main.js'));
} catch (e) {
  if (e?.code !== 'ERR_MODULE_NOT_FOUND') throw e;
  process.stderr.write(`rulewright: not built yet (${e.message}): run \`npm run build\` in the project folder\n`);
  process.exit(1);
}

// `rulewright ... | head` closes the pipe early: stop quietly instead of crashing.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

process.exitCode = await main(process.argv.slice(2));
