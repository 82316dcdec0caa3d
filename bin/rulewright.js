#!/usr/bin/env node
import module from 'node:module';

// Node >= 22.1 keeps V8's compiled code of the CLI's modules on disk between runs (in the OS temp
// folder), which saves most of the start-up spent compiling them; older Node has no such cache.
try {
  module.enableCompileCache?.();
} catch {
  // a cache folder that cannot be written only costs the saving
}

// The bundled CLI lives in dist/bundle/ (`npm ci` builds it through the `prepare` script).
let main;
try {
  ({ main } = await import('../dist/bundle/cli.js'));
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
