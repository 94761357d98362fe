// `bench:first-paint`'s crash visits: a gateway in a child process (./gateway-child.ts) on a copy of the
// bench's data dir, killed with SIGKILL — once the session is at rest (its window stored at its head), and
// while a new turn streams into it (its window stored a few seconds behind the head) — and the next
// gateway's first joiner.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { join } from "node:path";

const CHILD = fileURLToPath(new URL("./gateway-child.ts", import.meta.url));

export interface ChildGateway {
  url: string;
  /** SIGKILL: nothing of the gateway's close runs. */
  kill(): Promise<void>;
}

/** Starts a gateway in a child process; resolves once it listens. */
export function startChildGateway(dataDir: string, staticDir: string): Promise<ChildGateway> {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, dataDir, staticDir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`the gateway child exited (${code}) before it listened`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening (\S+)/.exec(out)?.[1];
      if (url === undefined) return;
      child.stdout?.removeAllListeners("data");
      child.stdout?.resume();
      resolve({ url, kill: () => killed(child, exited) });
    });
  });
}

async function killed(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null) child.kill("SIGKILL");
  await exited;
}

/** The session's head and the seq of its stored window (read from the data dir beside the gateway). */
export function storedWindowLag(dataDir: string, id: string): { head: number; window?: number } {
  const db = new Database(join(dataDir, "agent-ui.sqlite"), { readonly: true, fileMustExist: true });
  try {
    const head = (db.prepare("SELECT last_seq FROM sessions WHERE id = ?").get(id) as { last_seq: number })
      .last_seq;
    const row = db.prepare("SELECT seq FROM windows WHERE session_id = ?").get(id) as
      | { seq: number }
      | undefined;
    return { head, window: row?.seq };
  } finally {
    db.close();
  }
}

/** Asks for a table page: the gateway loads the session's projection (as for a viewer with it open). */
export async function loadProjection(url: string, id: string): Promise<void> {
  const response = await fetch(`${url}/api/sessions/${encodeURIComponent(id)}/tables/tools?limit=1`);
  if (!response.ok) throw new Error(`loading the projection: ${response.status}`);
}

/** Resolves once the session's stored window is at its head (its resting store), or fails after `ms`. */
export async function windowAtHead(dataDir: string, id: string, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { head, window } = storedWindowLag(dataDir, id);
    if (window === head) return;
    if (Date.now() > deadline) throw new Error(`no window stored at the head (${head}) within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Pushes a new turn into the session, `perSecond` text deltas a second in batches every 100 ms, until
 * `stop()`; its run never ends (the gateway is killed while it streams). */
export function streamTurn(
  url: string,
  id: string,
  tag: string,
  perSecond = 40,
): { stop(): Promise<number> } {
  const turn = { runId: `run-${tag}`, turnId: `turn-${tag}` };
  let sent = 0;
  let stopped = false;
  const event = (type: string, payload: object, messageId?: string) => ({
    eventId: `${tag}:${sent++}`,
    ...turn,
    timestamp: new Date().toISOString(),
    type,
    ...(messageId ? { messageId } : {}),
    payload,
  });
  const push = (events: object[]) =>
    fetch(`${url}/api/sessions/${encodeURIComponent(id)}/ingest`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(events),
    }).catch(() => undefined);
  const loop = (async () => {
    await push([event("run.started", { input: `a question (${tag})` })]);
    const batch = Math.max(1, Math.round(perSecond / 10));
    while (!stopped) {
      await push(
        Array.from({ length: batch }, () => event("text.delta", { delta: ` word${sent}` }, `msg-${tag}`)),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return sent;
    },
  };
}
