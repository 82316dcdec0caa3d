import { z } from 'zod';

/**
 * A Python-dialect pattern's translation as a workspace keeps it between processes: everything
 * compiling the pattern needs for ASCII text, so a cold command skips parsing and emitting. The
 * faithful (Unicode) source is not kept: it is translated again on the first non-ASCII text.
 */
export const CachedTranslation = z.strictObject({
  ascii_source: z.string(),
  narrowed: z.boolean(),
  group_count: z.number().int().min(0),
  group_names: z.array(z.string().nullable()),
  group_index: z.array(z.number().int().min(0)),
  inexact_groups: z.array(z.tuple([z.number().int().min(0), z.string()])),
  can_match_empty: z.boolean(),
  non_empty: z.strictObject({ ascii_source: z.string(), group_index: z.array(z.number().int().min(0)) }).optional(),
});
export type CachedTranslation = z.infer<typeof CachedTranslation>;
