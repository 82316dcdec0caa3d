/**
 * Runs ONE benchmark module (`node run-one.js <file.bench.js>`) and writes its result as JSON on
 * stdout; run-all.ts starts one such process per benchmark so none inherits another's heap.
 */
import { pathToFileURL } from 'node:url';
import type { BenchModule } from './run-all.js';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: node run-one.js <file.bench.js>\n');
  process.exitCode = 2;
} else {
  const mod = (await import(pathToFileURL(file).href)) as BenchModule;
  process.stdout.write(JSON.stringify(await mod.run()));
}
