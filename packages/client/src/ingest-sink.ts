// The producer side of push ingest: an in-process runtime (OpenAI Agents, Claude Agent SDK, Codex SDK,
// LangGraph.js, …) hands its stream to the gateway and answers the session's writes.
//
//   const sink = createIngestSink({ baseUrl, token, sessionId, format: "openai-agents" });
//   sink.onCommand(async (command) => ({ status: "accepted", idempotencyKey: command.idempotencyKey }));
//   await sink.pipe(run.toStream());
//   await sink.close();
//
// Records are sent in order, in batches; each batch carries an `Idempotency-Key`, so a batch resent after
// a dropped connection is stored once. A busy session (429) is waited for as its `Retry-After` says.
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";
import { SseDecoder } from "@agent-ui/contracts";
import { apiUrl, authHeaders, GatewayRequestError, type HttpOptions, readJsonResponse } from "./write-port";

export interface IngestSinkOptions extends HttpOptions {
  sessionId: string;
  /** The records' format (`ag-ui`, `openai-agents`, `agent-ui`, …); default: the session's. */
  format?: string;
  /** Records per request (default 200). */
  batchSize?: number;
  /** A batch is sent at most this long after its first record (default 25 ms). */
  flushMs?: number;
  /** Tries per batch on network errors and 5xx before `pipe`/`flush` reject (default 8). */
  retries?: number;
}

export interface IngestResult {
  accepted: number;
  format: string;
  errors: { record: number; code: string; message: string }[];
  seq: number;
}

export type CommandHandler = (command: ControlCommand) => Promise<Omit<WriteResult, "idempotencyKey">>;

export interface IngestSink {
  /** Queues one record; sent with the next batch. */
  push(record: unknown): void;
  /** Sends every record of `source` in order; resolves once all are stored. */
  pipe(source: AsyncIterable<unknown> | Iterable<unknown>): Promise<void>;
  /** Sends what is queued; resolves once stored. */
  flush(): Promise<void>;
  /** Holds the session's writes channel: `handler` answers each control command once. */
  onCommand(handler: CommandHandler): void;
  /** Tells the gateway the run ended (the session then reads completed or failed). */
  end(status?: "completed" | "failed", reason?: string): Promise<void>;
  /** Flushes, then releases the writes channel. */
  close(): Promise<void>;
  /** Results of the batches sent so far (per-record errors included). */
  readonly results: readonly IngestResult[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function batchKey(): string {
  return `b-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function createIngestSink(options: IngestSinkOptions): IngestSink {
  const doFetch = options.fetch ?? fetch;
  const batchSize = options.batchSize ?? 200;
  const flushMs = options.flushMs ?? 25;
  const retries = options.retries ?? 8;
  const base = `/api/sessions/${encodeURIComponent(options.sessionId)}/ingest`;
  const results: IngestResult[] = [];
  let queue: unknown[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Batches go one at a time, in order. */
  let sending: Promise<void> = Promise.resolve();
  let failure: unknown;
  let commands: AbortController | undefined;

  async function send(records: unknown[]): Promise<void> {
    const key = batchKey();
    const query = options.format === undefined ? "" : `?format=${encodeURIComponent(options.format)}`;
    const body = records.map((r) => JSON.stringify(r)).join("\n");
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(apiUrl(options, `${base}${query}`), {
          method: "POST",
          headers: {
            "content-type": "application/x-ndjson",
            "idempotency-key": key,
            ...authHeaders(options),
          },
          body,
        });
      } catch (error) {
        if (attempt >= retries) throw error;
        await sleep(Math.min(2_000, 50 * 2 ** attempt));
        continue;
      }
      if (response.status === 409) {
        // Only a batch still being stored under this key is worth waiting for; any other conflict
        // (a stopped source, a reused key) is final and named.
        const refusal = await readJsonResponse(response).catch((error: unknown) => error);
        if (
          !(refusal instanceof GatewayRequestError && refusal.code === "ingest_in_progress") ||
          attempt >= retries
        )
          throw refusal;
        await sleep(Math.min(2_000, 50 * 2 ** attempt));
        continue;
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        if (attempt >= retries)
          throw new GatewayRequestError(response.status, "ingest_retry_exhausted", `HTTP ${response.status}`);
        const wait = Number(response.headers.get("retry-after"));
        await sleep(Number.isFinite(wait) && wait > 0 ? wait * 1000 : Math.min(2_000, 50 * 2 ** attempt));
        continue;
      }
      results.push(await readJsonResponse<IngestResult>(response));
      return;
    }
  }

  function schedule(): Promise<void> {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    while (queue.length > 0) {
      const records = queue.slice(0, batchSize);
      queue = queue.slice(batchSize);
      sending = sending
        .then(() => (failure === undefined ? send(records) : undefined))
        .catch((error) => {
          failure ??= error;
        });
    }
    return sending.then(() => {
      if (failure !== undefined) throw failure;
    });
  }

  async function holdCommands(handler: CommandHandler, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        const response = await doFetch(apiUrl(options, `${base}/commands`), {
          headers: { accept: "text/event-stream", ...authHeaders(options) },
          signal,
        });
        if (!response.ok || response.body === null) throw new Error(`HTTP ${response.status}`);
        const decoder = new SseDecoder();
        const text = new TextDecoder();
        const reader = response.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          for (const message of decoder.push(text.decode(value, { stream: true }))) {
            if (message.event !== "command") continue;
            const { commandId, command } = JSON.parse(message.data) as {
              commandId: string;
              command: ControlCommand;
            };
            void answer(handler, commandId, command);
          }
        }
      } catch {
        if (signal.aborted) return;
      }
      await sleep(250);
    }
  }

  async function answer(handler: CommandHandler, commandId: string, command: ControlCommand): Promise<void> {
    let result: Omit<WriteResult, "idempotencyKey">;
    try {
      result = await handler(command);
    } catch (error) {
      result = { status: "failed", reason: (error as Error).message };
    }
    await doFetch(apiUrl(options, `${base}/commands/${encodeURIComponent(commandId)}`), {
      method: "POST",
      headers: { "content-type": "application/json", ...authHeaders(options) },
      body: JSON.stringify(result),
    }).then((r) => r.body?.cancel());
  }

  const sink: IngestSink = {
    results,
    push(record) {
      queue.push(record);
      if (queue.length >= batchSize) void schedule().catch(() => {});
      else if (timer === undefined) timer = setTimeout(() => void schedule().catch(() => {}), flushMs);
    },
    async pipe(source) {
      for await (const record of source as AsyncIterable<unknown>) sink.push(record);
      await schedule();
    },
    flush: () => schedule(),
    onCommand(handler) {
      commands?.abort();
      commands = new AbortController();
      void holdCommands(handler, commands.signal);
    },
    async end(status = "completed", reason) {
      await schedule();
      const response = await doFetch(apiUrl(options, `${base}/end`), {
        method: "POST",
        headers: { "content-type": "application/json", ...authHeaders(options) },
        body: JSON.stringify(reason === undefined ? { status } : { status, reason }),
      });
      await readJsonResponse(response);
    },
    async close() {
      try {
        await schedule();
      } finally {
        commands?.abort();
      }
    },
  };
  return sink;
}
