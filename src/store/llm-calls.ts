import { LlmCall } from '../core/schemas/run.js';
import type { Db } from './db.js';
import { nowIso, parseJson, validate } from './decode.js';

/** An LLM call to record: everything but the id (timestamp defaults to now). */
export type NewLlmCall = Omit<LlmCall, 'id' | 'created_at'> & { created_at?: string };

interface Row {
  id: number;
  run_id: number | null;
  model: string;
  purpose: string;
  request: string;
  response: string | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  latency_ms: number;
  cost_usd: number | null;
  error: string | null;
  created_at: string;
}

const COLS = 'id, run_id, model, purpose, request, response, prompt_tokens, completion_tokens, latency_ms, cost_usd, error, created_at';

/** Every LLM request made while learning (never the API key). */
export class LlmCallsRepo {
  constructor(private readonly db: Db) {}

  insert(datasetId: number | null, c: NewLlmCall): LlmCall {
    const info = this.db
      .prepare(
        `INSERT INTO llm_calls (dataset_id, run_id, model, purpose, request, response, prompt_tokens, completion_tokens,
           latency_ms, cost_usd, error, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        datasetId,
        c.run_id,
        c.model,
        c.purpose,
        JSON.stringify(c.request ?? null),
        c.response,
        c.prompt_tokens,
        c.completion_tokens,
        c.latency_ms,
        c.cost_usd,
        c.error,
        c.created_at ?? nowIso(),
      );
    return this.get(Number(info.lastInsertRowid))!;
  }

  get(id: number): LlmCall | undefined {
    const r = this.db.prepare(`SELECT ${COLS} FROM llm_calls WHERE id = ?`).get(id) as Row | undefined;
    return r && decode(r);
  }

  /** Calls of a run or of a dataset, oldest first. */
  list(opts: { runId?: number; datasetId?: number; limit?: number } = {}): LlmCall[] {
    const conds: string[] = [];
    const params: unknown[] = [];
    if (opts.runId !== undefined) {
      conds.push('run_id = ?');
      params.push(opts.runId);
    }
    if (opts.datasetId !== undefined) {
      conds.push('dataset_id = ?');
      params.push(opts.datasetId);
    }
    const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
    const rows = this.db.prepare(`SELECT ${COLS} FROM llm_calls ${where} ORDER BY id LIMIT ?`).all(...params, opts.limit ?? -1) as Row[];
    return rows.map(decode);
  }

  /** Attaches calls recorded before their run existed to it; returns how many were updated. */
  assignRun(ids: readonly number[], runId: number): number {
    const stmt = this.db.prepare('UPDATE llm_calls SET run_id = ? WHERE id = ?');
    let n = 0;
    for (const id of ids) n += stmt.run(runId, id).changes;
    return n;
  }

  /**
   * Calls of a dataset recorded after call `afterId` (0: all): how many, their tokens and cost,
   * and the newest id, for watching a run live without reading the prompts.
   */
  activity(datasetId: number, afterId = 0): { last_id: number; calls: number; errors: number; prompt_tokens: number; completion_tokens: number; cost_usd: number } {
    return this.db
      .prepare(
        `SELECT coalesce(max(id), ?) AS last_id, count(*) AS calls, count(error) AS errors, coalesce(sum(prompt_tokens), 0) AS prompt_tokens,
                coalesce(sum(completion_tokens), 0) AS completion_tokens, coalesce(sum(cost_usd), 0) AS cost_usd
         FROM llm_calls WHERE dataset_id = ? AND id > ?`,
      )
      .get(afterId, datasetId, afterId) as { last_id: number; calls: number; errors: number; prompt_tokens: number; completion_tokens: number; cost_usd: number };
  }

  /** Token and cost totals of a run. */
  totals(runId: number): { calls: number; prompt_tokens: number; completion_tokens: number; cost_usd: number } {
    return this.db
      .prepare(
        `SELECT count(*) AS calls, coalesce(sum(prompt_tokens), 0) AS prompt_tokens,
                coalesce(sum(completion_tokens), 0) AS completion_tokens, coalesce(sum(cost_usd), 0) AS cost_usd
         FROM llm_calls WHERE run_id = ?`,
      )
      .get(runId) as { calls: number; prompt_tokens: number; completion_tokens: number; cost_usd: number };
  }
}

function decode(r: Row): LlmCall {
  const where = `llm call ${r.id}`;
  return validate(LlmCall, { ...r, request: parseJson(r.request, `${where} request`) }, where);
}

/** Running totals of what a {@link StoreCallRecorder} recorded. */
export interface RecordedTotals {
  calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** null once an answered call had no known cost (no price configured, or no token counts). */
  cost_usd: number | null;
}

/**
 * The store's `CallRecorder` (the interface in src/learn/llm/client.ts): writes every LLM attempt
 * the moment it is made, so calls survive a run that fails half-way, and keeps their ids so the
 * run they belong to can be attached once it is recorded ({@link LlmCallsRepo.assignRun}). It
 * receives what the client records, which never includes the API key.
 */
export class StoreCallRecorder {
  readonly ids: number[] = [];
  #totals: RecordedTotals = { calls: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 };

  constructor(
    private readonly repo: LlmCallsRepo,
    private readonly datasetId: number | null,
  ) {}

  record(call: NewLlmCall): void {
    const stored = this.repo.insert(this.datasetId, call);
    this.ids.push(stored.id);
    const t = this.#totals;
    t.calls++;
    t.prompt_tokens += call.prompt_tokens ?? 0;
    t.completion_tokens += call.completion_tokens ?? 0;
    if (call.response !== null) t.cost_usd = t.cost_usd === null || call.cost_usd === null ? null : t.cost_usd + call.cost_usd;
  }

  /** Totals so far (a copy). */
  totals(): RecordedTotals {
    return { ...this.#totals };
  }
}
