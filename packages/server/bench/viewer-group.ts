// N SSE viewers of one session, either in the benchmark's own process (simple, but their decoding shares
// the gateway's CPU) or in a forked child process (closer to remote clients: the gateway keeps its core).
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ScanViewer } from "./scan-viewer";
import { type BenchViewer, SseViewer } from "./sse-viewer";

export interface ViewerTotals {
  latencies: Float64Array;
  lost: number;
  duplicates: number;
  /** CPU time of the viewer child process since connect (child-process mode only). */
  cpuMs?: number;
}

export interface ViewerGroup {
  /** Resolves when every viewer's listener is bound. */
  connect(): Promise<void>;
  /** Waits until each viewer has `sent` events or `timeoutMs` passed, then totals. */
  drain(sent: number, timeoutMs: number): Promise<ViewerTotals>;
  close(): Promise<void>;
}

export type ViewerMode = "in-process" | "child-process";

/** How viewers read the stream: `full` decodes like our client (SseDecoder + JSON.parse per entry), `scan`
 * finds each frame's bench numbers by byte search (./scan-viewer says why that is the default). */
export type ViewerDecode = "full" | "scan";

/** `processes`: child processes the viewers are spread over (child-process mode). Real viewers each have
 * their own machine; one process decoding every viewer's stream would measure its own queue instead. */
export function viewerGroup(
  mode: ViewerMode,
  url: string,
  count: number,
  capacity: number,
  processes = 1,
  decode: ViewerDecode = "full",
): ViewerGroup {
  if (mode !== "child-process") return localGroup(url, count, capacity, decode);
  const spread = Math.max(1, Math.min(processes, count));
  if (spread === 1) return childGroup(url, count, capacity, decode);
  const sizes = Array.from(
    { length: spread },
    (_, i) => Math.floor(count / spread) + (i < count % spread ? 1 : 0),
  );
  return mergedGroup(sizes.map((size) => childGroup(url, size, capacity, decode)));
}

function mergedGroup(groups: ViewerGroup[]): ViewerGroup {
  return {
    connect: async () => {
      await Promise.all(groups.map((g) => g.connect()));
    },
    async drain(sent, timeoutMs) {
      const totals = await Promise.all(groups.map((g) => g.drain(sent, timeoutMs)));
      const latencies = new Float64Array(totals.reduce((n, t) => n + t.latencies.length, 0));
      let offset = 0;
      for (const t of totals) {
        latencies.set(t.latencies, offset);
        offset += t.latencies.length;
      }
      return {
        latencies,
        lost: totals.reduce((n, t) => n + t.lost, 0),
        duplicates: totals.reduce((n, t) => n + t.duplicates, 0),
        cpuMs: totals.reduce((n, t) => n + (t.cpuMs ?? 0), 0),
      };
    },
    close: async () => {
      await Promise.all(groups.map((g) => g.close()));
    },
  };
}

/** Used here and by the child process. */
export function localGroup(url: string, count: number, capacity: number, decode: ViewerDecode): ViewerGroup {
  const viewers: BenchViewer[] = Array.from({ length: count }, () =>
    decode === "scan" ? new ScanViewer(url, capacity) : new SseViewer(url, capacity),
  );
  return {
    connect: async () => {
      await Promise.all(viewers.map((v) => v.connect()));
    },
    async drain(sent, timeoutMs) {
      await Promise.all(viewers.map((v) => v.ledger.waitFor(sent, timeoutMs)));
      const latencies = new Float64Array(viewers.reduce((n, v) => n + v.ledger.latencies.length, 0));
      let offset = 0;
      for (const { ledger } of viewers) {
        latencies.set(ledger.latencies, offset);
        offset += ledger.latencies.length;
      }
      return {
        latencies,
        lost: viewers.reduce((n, v) => n + v.ledger.lost(sent), 0),
        duplicates: viewers.reduce((n, v) => n + v.ledger.duplicates, 0),
      };
    },
    close: async () => {
      await Promise.all(viewers.map((v) => v.close()));
    },
  };
}

type ChildReply =
  | { type: "ready" }
  | ({ type: "totals" } & ViewerTotals)
  | { type: "error"; message: string };

function childGroup(url: string, count: number, capacity: number, decode: ViewerDecode): ViewerGroup {
  const script = fileURLToPath(new URL("./viewer-process.ts", import.meta.url));
  const child = fork(script, [], { execArgv: ["--import", "tsx"], serialization: "advanced" });
  const next = () =>
    new Promise<ChildReply>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`viewer process exited (${code})`));
      child.once("exit", onExit);
      child.once("message", (reply: ChildReply) => {
        child.off("exit", onExit);
        if (reply.type === "error") reject(new Error(`viewer process: ${reply.message}`));
        else resolve(reply);
      });
    });
  return {
    async connect() {
      const reply = next();
      child.send({ type: "connect", url, count, capacity, decode });
      await reply;
    },
    async drain(sent, timeoutMs) {
      const reply = next();
      child.send({ type: "drain", sent, timeoutMs });
      const totals = (await reply) as ViewerTotals;
      return {
        latencies: totals.latencies,
        lost: totals.lost,
        duplicates: totals.duplicates,
        cpuMs: totals.cpuMs,
      };
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill();
      await exited;
    },
  };
}
