import type { TaskType } from '../core/schemas/task.js';
import { isSpanTask } from '../core/schemas/task.js';
import { ExampleBuilder, badInput } from './example-builder.js';
import { jsonObjectLines, type LineInput } from './lines.js';
import { entitiesToSpans } from './python-spans.js';
import type { ImportedData, ParseOptions } from './types.js';

/** True when a JSONL row looks like RuleChef observation traffic. */
export const isTrafficRow = (row: Record<string, unknown>): boolean => 'llm_label' in row || 'llm_entities' in row;

/**
 * Parses RuleChef observation traffic (`rulechef-savings` input): `{"text", "llm_label"}` for
 * classification or `{"text", "llm_entities": [{text, start, end, type}]}` for NER, with an
 * optional `gold_label` (or `gold_entities`) that becomes `truth`. Every example is `observed`:
 * its answer is what the LLM said. `llm_response` is kept in `meta`. Ids: `id` or `o1`, `o2`, ….
 */
export function parseTraffic(content: LineInput, name: string, opts: ParseOptions = {}): ImportedData {
  const b = new ExampleBuilder({ ...opts, format: 'traffic', hint: 'fix this line', forceSource: 'observed' });
  let taskType: TaskType | undefined;
  let count = 0;
  for (const { row, line } of jsonObjectLines(content, name)) {
    const where = `${name}:${line}`;
    count++;
    if (typeof row.text !== 'string') throw badInput(where, 'traffic rows need a string "text"');
    const spanRow = 'llm_entities' in row;
    if (!spanRow && !('llm_label' in row)) throw badInput(where, 'traffic rows need "llm_label" (classification) or "llm_entities" (NER)');
    const kind: TaskType = spanRow ? (opts.taskType === 'extraction' ? 'extraction' : 'ner') : 'classification';
    if (taskType === undefined) taskType = kind;
    else if (isSpanTask(taskType) !== isSpanTask(kind)) {
      throw badInput(where, 'this row has a different answer kind ("llm_label" vs "llm_entities") than the first row; one file holds one task type');
    }
    const id = row.id === undefined ? b.genId(`o${count}`) : typeof row.id === 'number' ? String(row.id) : row.id;
    const ex: Record<string, unknown> = { id, text: row.text };
    if (spanRow) {
      ex.spans = entitiesToSpans(row.llm_entities, row.text, where, 'llm_entities');
      if (row.gold_entities !== undefined) ex.truth = { spans: entitiesToSpans(row.gold_entities, row.text, where, 'gold_entities') };
    } else {
      ex.label = row.llm_label;
      if (row.gold_label !== undefined && row.gold_label !== null) ex.truth = { label: row.gold_label };
    }
    if (row.llm_response !== undefined) ex.meta = { llm_response: row.llm_response };
    b.add(ex, where);
  }
  return b.finish(taskType ?? opts.taskType ?? 'classification');
}
