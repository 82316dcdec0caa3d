/**
 * A fake OpenAI-compatible HTTP server for tests: real HTTP on 127.0.0.1 (random port), so the real
 * `openai` SDK and the real client code run end to end, with no network beyond loopback.
 *
 * ```ts
 * const server = await startFakeOpenAiServer();           // or startFakeOpenAiServer({ replies: [...] })
 * server.enqueue(reply.serverError(), reply.json({ rules: [] }));
 * const env = { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-test' };  // url ends in /v1
 * // … run the code under test …
 * server.requests[0].body.messages;                         // what was sent
 * server.requests[0].authorization;                         // the Authorization header, if any
 * await server.close();
 * ```
 *
 * Endpoints: `POST /v1/chat/completions` answers from the queue; `GET /v1/models` lists
 * `options.models` (default `['fake-model']`); anything else is a 404 in OpenAI's error shape.
 *
 * Replies (build them with `reply.*`), taken from the queue in order, one per chat request:
 * - `reply.text(content)` / `reply.json(value)`: a normal answer (`finish_reason: 'stop'`).
 * - `reply.fenced(value)`: the JSON inside ```json fences with prose around it.
 * - `reply.truncated(value, keep)`: the JSON cut after `keep` characters (a number) or at the first
 *   occurrence of a marker string (kept up to and including the marker), `finish_reason: 'length'`.
 * - `reply.serverError(status = 500)`, `reply.rateLimit(retryAfterSeconds)` (429 + `Retry-After`),
 *   `reply.error(status, message, headers?)`: an HTTP error with an OpenAI-style error body.
 * - `reply.rejectResponseFormat()`: the 400 a server without structured output sends.
 * - `reply.hang()`: never answers (the client's timeout must fire); the socket is cleaned up on close.
 * - `reply.drop()`: destroys the connection without an answer (a connection error).
 * - a function `(req: FakeRequest) => FakeReply | Promise<FakeReply>`: computed from the request,
 *   e.g. to answer synthesis prompts by label.
 * Options of `text`/`json`/`fenced`/`truncated`: `{ usage?, model?, finishReason? }`; by default
 * usage counts 4 characters a token of the prompt and of the answer.
 *
 * When the queue is empty, `options.fallback` answers (a reply or a function); without one the
 * server answers 418 "script exhausted", which the client treats as non-retryable.
 * `options.rejectResponseFormat: true` makes every request carrying `response_format` fail with
 * that 400 without consuming the queue (an endpoint that never supports it).
 * `options.requireKey`: requests whose `Authorization` is not `Bearer <key>` get a 401 whose
 * message echoes the received key in full (worse than OpenAI, which masks it), to prove clients
 * redact keys from errors.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request as the server saw it. */
export interface FakeRequest {
  method: string;
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** The `Authorization` header as received, undefined when absent. */
  authorization: string | undefined;
  /** Parsed JSON body (undefined for GET or an unreadable body). */
  body: FakeChatBody | undefined;
  /** Raw body text. */
  raw: string;
}

/** The chat-completions body fields tests look at (anything else is kept as sent). */
export interface FakeChatBody {
  model?: string;
  messages?: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  [key: string]: unknown;
}

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

interface AnswerOptions {
  usage?: FakeUsage | null;
  model?: string;
  finishReason?: string;
}

/** One scripted reply (build with `reply.*`). */
export type FakeReply =
  | ({ kind: 'answer'; content: string } & AnswerOptions)
  | { kind: 'error'; status: number; message: string; type?: string; param?: string | null; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'drop' }
  | ((req: FakeRequest) => FakeReply | Promise<FakeReply>);

/** Builders for scripted replies. */
export const reply = {
  text: (content: string, opts: AnswerOptions = {}): FakeReply => ({ kind: 'answer', content, ...opts }),
  json: (value: unknown, opts: AnswerOptions = {}): FakeReply => ({ kind: 'answer', content: JSON.stringify(value), ...opts }),
  fenced: (value: unknown, opts: AnswerOptions = {}): FakeReply => ({
    kind: 'answer',
    content: `Here are the rules you asked for:\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\n\nLet me know if you need more.`,
    ...opts,
  }),
  truncated: (value: unknown, keep: number | string, opts: AnswerOptions = {}): FakeReply => {
    const full = JSON.stringify(value);
    let cut: number;
    if (typeof keep === 'number') cut = keep;
    else {
      const at = full.indexOf(keep);
      if (at === -1) throw new Error(`reply.truncated: marker ${JSON.stringify(keep)} not in ${full}`);
      cut = at + keep.length;
    }
    return { kind: 'answer', content: full.slice(0, cut), finishReason: 'length', ...opts };
  },
  error: (status: number, message: string, headers?: Record<string, string>): FakeReply => ({
    kind: 'error',
    status,
    message,
    ...(headers ? { headers } : {}),
  }),
  serverError: (status = 500): FakeReply => ({ kind: 'error', status, message: 'The server had an error while processing your request.', type: 'server_error' }),
  rateLimit: (retryAfterSeconds: number): FakeReply => ({
    kind: 'error',
    status: 429,
    message: 'Rate limit reached for requests. Please try again later.',
    type: 'requests',
    headers: { 'retry-after': String(retryAfterSeconds) },
  }),
  rejectResponseFormat: (): FakeReply => ({
    kind: 'error',
    status: 400,
    message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
    type: 'invalid_request_error',
    param: 'response_format',
  }),
  hang: (): FakeReply => ({ kind: 'hang' }),
  drop: (): FakeReply => ({ kind: 'drop' }),
};

export interface FakeServerOptions {
  replies?: FakeReply[];
  fallback?: FakeReply;
  rejectResponseFormat?: boolean;
  requireKey?: string;
  models?: string[];
}

export interface FakeOpenAiServer {
  /** Base URL to use as OPENAI_BASE_URL, e.g. `http://127.0.0.1:40123/v1`. */
  readonly url: string;
  readonly port: number;
  /** Every request received, in order (chat, models and unknown paths alike). */
  readonly requests: FakeRequest[];
  /** Only the chat-completions requests. */
  readonly chatRequests: FakeRequest[];
  enqueue(...replies: FakeReply[]): void;
  /** Replies not used yet. */
  readonly pending: number;
  /** Stops the server and drops any open (hanging) connections. */
  close(): Promise<void>;
}

function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function errorBody(message: string, type = 'invalid_request_error', param: string | null = null, code: string | null = null) {
  return { error: { message, type, param, code } };
}

/** Starts a fake OpenAI-compatible server on 127.0.0.1 with a random port. */
export async function startFakeOpenAiServer(options: FakeServerOptions = {}): Promise<FakeOpenAiServer> {
  const queue: FakeReply[] = [...(options.replies ?? [])];
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  let created = 0;

  const answer = async (req: FakeRequest, res: ServerResponse, script: FakeReply): Promise<void> => {
    let r = script;
    while (typeof r === 'function') r = await r(req);
    switch (r.kind) {
      case 'hang':
        return; // never answer; close() destroys the socket
      case 'drop':
        res.socket?.destroy();
        return;
      case 'error':
        sendJson(res, r.status, errorBody(r.message, r.type, r.param ?? null), r.headers);
        return;
      case 'answer': {
        const prompt = (req.body?.messages ?? []).map((m) => m.content).join('\n');
        const usage =
          r.usage === null
            ? undefined
            : (r.usage ?? { prompt_tokens: estimateTokens(prompt), completion_tokens: estimateTokens(r.content) });
        sendJson(res, 200, {
          id: `chatcmpl-fake-${++created}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: r.model ?? req.body?.model ?? 'fake-model',
          choices: [
            { index: 0, message: { role: 'assistant', content: r.content, refusal: null }, logprobs: null, finish_reason: r.finishReason ?? 'stop' },
          ],
          ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
        });
        return;
      }
    }
  };

  const handle = async (message: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const c of message) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: FakeChatBody | undefined;
    try {
      body = raw ? (JSON.parse(raw) as FakeChatBody) : undefined;
    } catch {
      body = undefined;
    }
    const headers: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(message.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    const path = (message.url ?? '/').split('?')[0] ?? '/';
    const req: FakeRequest = { method: message.method ?? 'GET', path, headers, authorization: headers.authorization, body, raw };
    requests.push(req);

    if (options.requireKey !== undefined && req.authorization !== `Bearer ${options.requireKey}`) {
      const got = req.authorization?.replace(/^Bearer /, '') ?? '(none)';
      sendJson(res, 401, errorBody(`Incorrect API key provided: ${got}.`, 'invalid_request_error', null, 'invalid_api_key'));
      return;
    }
    if (req.method === 'GET' && path === '/v1/models') {
      const models = options.models ?? ['fake-model'];
      sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) });
      return;
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      if (!body || !Array.isArray(body.messages)) {
        sendJson(res, 400, errorBody("'messages' is a required property", 'invalid_request_error', 'messages'));
        return;
      }
      if (options.rejectResponseFormat && body.response_format) {
        await answer(req, res, reply.rejectResponseFormat());
        return;
      }
      const next = queue.shift() ?? options.fallback;
      if (!next) {
        sendJson(res, 418, errorBody(`fake-openai-server: script exhausted (chat request #${requests.filter((r) => r.path === path).length})`));
        return;
      }
      await answer(req, res, next);
      return;
    }
    sendJson(res, 404, errorBody(`Unknown path ${req.method} ${path}`, 'invalid_request_error', null, 'unknown_url'));
  };

  const server: Server = createServer((message, res) => {
    handle(message, res).catch((e: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody(`fake-openai-server crashed: ${String(e)}`, 'server_error'));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    get chatRequests() {
      return requests.filter((r) => r.path === '/v1/chat/completions');
    },
    enqueue: (...replies: FakeReply[]) => void queue.push(...replies),
    get pending() {
      return queue.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
