// N SSE viewers of one session, either in the benchmark's own process (simple, but their decoding shares
// the gateway's CPU) or in a forked child process (closer to remote clients: the gateway keeps its core).
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SseViewer } from "./sse-viewer";

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

export function viewerGroup(mode: ViewerMode, url: string, count: number, capacity: number): ViewerGroup {
  return mode === "child-process" ? childGroup(url, count, capacity) : localGroup(url, count, capacity);
}

/** Used here and by the child process. */
export function localGroup(url: string, count: number, capacity: number): ViewerGroup {
  const viewers = Array.from({ length: count }, () => new SseViewer(url, capacity));
  return {
    connect: async () => {
      await Promise.all(viewers.map((v) => v.connect()));
    },
    async drain(sent, timeoutMs) {
      await Promise.all(viewers.map((v) => v.waitFor(sent, timeoutMs)));
      const latencies = new Float64Array(viewers.reduce((n, v) => n + v.latencies.length, 0));
      let offset = 0;
      for (const v of viewers) {
        latencies.set(v.latencies, offset);
        offset += v.latencies.length;
      }
      return {
        latencies,
        lost: viewers.reduce((n, v) => n + v.lost(sent), 0),
        duplicates: viewers.reduce((n, v) => n + v.duplicates, 0),
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

function childGroup(url: string, count: number, capacity: number): ViewerGroup {
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
      child.send({ type: "connect", url, count, capacity });
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
