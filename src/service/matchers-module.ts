import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RulewrightError } from '../core/errors.js';
import { sha256 } from '../core/hash.js';
import { MatcherRegistry, registerModule } from '../core/matchers/registry.js';

/** A user matcher module as loaded: where it came from and what it registered. */
export interface MatcherModuleInfo {
  path: string;
  /** sha256 of the module file, so a recorded run can tell that the matchers changed. */
  sha256: string;
  names: string[];
}

export interface LoadedMatchers {
  /** The built-in matchers plus the module's. */
  registry: MatcherRegistry;
  module: MatcherModuleInfo;
}

/**
 * Loads a user matcher module (`--matchers ./my-matchers.js`): a JS file exporting `matchers`,
 * an object of name → `(gold, predicted, options, ctx) => {score, passed, reason}` (see
 * `MatcherModule`). It is imported by file URL (relative paths resolve against `cwd`), its
 * exports validated by `registerModule`, and its matchers registered beside the built-ins.
 * The module runs with the user's own privileges: it is their code, named on their command line.
 */
export async function loadMatcherModule(path: string, cwd = process.cwd()): Promise<LoadedMatchers> {
  const abs = resolve(cwd, path);
  if (!existsSync(abs) || !statSync(abs).isFile())
    throw new RulewrightError('NOT_FOUND', `no matcher module at ${abs}: pass the path of a .js/.mjs file that exports \`matchers\``);
  const hash = sha256(readFileSync(abs, 'utf8'));
  let exports: unknown;
  try {
    // The hash in the query makes an edited module load afresh in a long-running process.
    exports = await import(`${pathToFileURL(abs).href}?sha256=${hash.slice(0, 16)}`);
  } catch (e) {
    throw new RulewrightError('BAD_INPUT', `${abs}: the matcher module could not be loaded: ${(e as Error).message}`);
  }
  const registry = new MatcherRegistry();
  let names: string[];
  try {
    names = registerModule(registry, exports, abs);
  } catch (e) {
    if (e instanceof RulewrightError && e.code === 'CONFLICT') throw new RulewrightError('BAD_INPUT', `${abs}: ${e.message}`);
    throw e;
  }
  return { registry, module: { path: abs, sha256: hash, names } };
}
