// A Codex SDK thread piped into a gateway `push` session. Each turn's `ThreadEvent`s (the JSONL of
// `codex exec --experimental-json`) go to the gateway (format `codex`). Codex runs its commands under its
// own sandbox and approval policy and asks nothing mid-turn, so the session's writes are the thread's
// own: `send` (and `queue`) start the next turn on the same thread, `interrupt` aborts the running turn.
import { createIngestSink } from "@agent-ui/client";
import type { ControlCommand } from "@agent-ui/contracts";
import type { Codex, ThreadOptions } from "@openai/codex-sdk";

export interface CodexSessionOptions {
  /** The gateway, its token, and a session created with `source: "push"`. */
  baseUrl: string;
  token?: string;
  sessionId: string;
  codex: Codex;
  thread?: ThreadOptions;
  input: string;
  /** While not aborted, the session waits for follow-ups after a turn; without it, it ends after the
   * turns asked for so far. */
  keepOpen?: AbortSignal;
}

export async function runCodexSession(options: CodexSessionOptions) {
  const thread = options.codex.startThread(options.thread);
  const sink = createIngestSink({
    baseUrl: options.baseUrl,
    token: options.token,
    sessionId: options.sessionId,
    format: "codex",
  });
  const turns: string[] = [options.input];
  let current: AbortController | undefined;
  let wake = () => {};
  sink.onCommand(async (command: ControlCommand) => {
    if (command.kind === "send" || command.kind === "queue") {
      turns.push(command.text);
      wake();
      return { status: "accepted" };
    }
    if (command.kind === "interrupt") {
      if (current === undefined) return { status: "rejected", reason: "no turn is running" };
      current.abort();
      return { status: "accepted" };
    }
    return {
      status: "rejected",
      reason: `a Codex thread takes send, queue and interrupt, not ${command.kind}`,
    };
  });
  const nextTurn = () =>
    new Promise<string | undefined>((resolve) => {
      if (turns.length > 0) return resolve(turns.shift());
      if (options.keepOpen === undefined || options.keepOpen.aborted) return resolve(undefined);
      const done = () => resolve(turns.shift());
      wake = done;
      options.keepOpen.addEventListener("abort", done, { once: true });
    });

  let interrupted = 0;
  try {
    for (let input = await nextTurn(); input !== undefined; input = await nextTurn()) {
      current = new AbortController();
      try {
        const { events } = await thread.runStreamed(input, { signal: current.signal });
        await sink.pipe(events);
      } catch (error) {
        if (!current.signal.aborted) throw error;
        interrupted += 1;
      } finally {
        current = undefined;
      }
    }
    await sink.end("completed");
    return { threadId: thread.id, interrupted };
  } catch (error) {
    await sink.end("failed", (error as Error).message).catch(() => {});
    throw error;
  } finally {
    await sink.close();
  }
}
