import { resolve } from 'node:path';

/** The workspace file used when neither `--db` nor `RULEWRIGHT_DB` names one. */
export const DEFAULT_DB = 'rulewright.db';

/** The workspace path: `--db`, else `$RULEWRIGHT_DB`, else `./rulewright.db`, resolved against `cwd`. */
export function resolveDbPath(flag?: string, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  const chosen = flag || env.RULEWRIGHT_DB || DEFAULT_DB;
  return chosen === ':memory:' ? chosen : resolve(cwd, chosen);
}
