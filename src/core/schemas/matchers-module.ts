import { z } from 'zod';

/** A user matcher module as a run records it: where it was, and its hash, so a run can tell that the matchers changed. */
export const MatchersModuleInfo = z.strictObject({ path: z.string(), sha256: z.string(), names: z.array(z.string()) });
export type MatchersModuleInfo = z.infer<typeof MatchersModuleInfo>;
