// `npm run bench:abuse [-- --events 30000 --viewers 30 --hold-seconds 30]` — the gateway under hostile
// input: an AG-UI replay whose STATE_DELTA `copy` ops double the app state 26 times, plus viewers of a
// long session that never read. Measures what every other user sees meanwhile: `/api/health` latency
// (target: max ≤ 1 s) and the gateway's peak RSS (target < 512 MB), and counts viewers cut with a reason.
// The gateway runs in a child process (its RSS is its own); loopback only; ends by itself.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { healthProbe } from "./health-probe";

const TARGET_HEALTH_MS = 1000;
const TARGET_RSS_MB = 512;
const TOKEN = randomBytes(16).toString("hex");
const AUTH = { authorization: `Bearer ${TOKEN}` };

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** 2.4 KB of AG-UI: a snapshot, then 26 deltas each copying the whole state into a new key. */
function patchBomb(): Record<string, unknown>[] {
  return [
    { type: "RUN_STARTED", threadId: "t1", runId: "r1" },
    { type: "STATE_SNAPSHOT", snapshot: { seed: "x".repeat(64) } },
    ...Array.from({ length: 26 }, (_, i) => ({
      type: "STATE_DELTA",
      delta: [{ op: "copy", from: "", path: `/k${i}` }],
    })),
    { type: "RUN_FINISHED", threadId: "t1", runId: "r1" },
  ];
}

function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

function startGateway(dataDir: string, events: number): Promise<{ url: string; child: ChildProcess }> {
  const script = new URL("./abuse-gateway.ts", import.meta.url).pathname;
  const child = spawn(process.execPath, ["--import", "tsx", script, dataDir, String(events)], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, AGENT_UI_BENCH_TOKEN: TOKEN },
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^url (\S+)$/m.exec(out);
      if (match) resolve({ url: match[1], child });
    });
    child.once("exit", (code) => reject(new Error(`gateway exited (${code})`)));
  });
}

/** The JSON answers this benchmark reads (loosely: only the fields it needs). */
interface Answer {
  session?: { id: string; status: string; lastSeq: number };
  state?: { appState: unknown; diagnostics: { code: string }[] };
}

async function api(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, {
    ...init,
    headers: { "content-type": "application/json", ...AUTH, ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(120_000),
  });
  return (await response.json()) as Answer;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Viewer {
  /** Resumes reading and resolves with how the gateway ended the stream. */
  finish(): Promise<string>;
}

/** An SSE viewer that sends its request and then reads nothing. */
function stalledSse(base: string, path: string): Viewer {
  const { port } = new URL(base);
  const socket: Socket = connect(Number(port), "127.0.0.1", () => {
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nAuthorization: ${AUTH.authorization}\r\n\r\n`,
    );
    socket.pause();
  });
  let tail = "";
  let ended = false;
  socket.on("data", (chunk: Buffer) => {
    tail = (tail + chunk.toString("latin1")).slice(-4096);
  });
  socket.on("close", () => {
    ended = true;
  });
  socket.on("error", () => {});
  return {
    finish: () =>
      new Promise((resolve) => {
        const done = () => {
          const reason = /event: close\ndata: (.*)\n/.exec(tail)?.[1];
          socket.destroy();
          // A viewer that never reads is dropped a few seconds after its cut: it never sees the reason.
          resolve(reason ? `cut: ${JSON.parse(reason).reason}` : ended ? "cut: dropped" : "still open");
        };
        socket.on("close", done);
        socket.resume();
        setTimeout(done, 10_000);
      }),
  };
}

/** A WebSocket viewer whose TCP socket stops reading once open. */
function stalledWs(base: string, path: string): Viewer {
  const socket = new WebSocket(`${base.replace("http", "ws")}${path}`, { headers: AUTH });
  let closed: string | undefined;
  socket.on("open", () => (socket as unknown as { _socket: Socket })._socket.pause());
  socket.on("close", (code, reason) => {
    closed = `closed ${code} ${reason.toString()}`;
  });
  socket.on("error", () => {});
  return {
    finish: () =>
      new Promise((resolve) => {
        const tcp = (socket as unknown as { _socket?: Socket })._socket;
        tcp?.resume();
        const check = setInterval(() => {
          if (closed === undefined) return;
          clearInterval(check);
          // 1013 with the reason, or 1006 once a peer that never read the close frame was dropped.
          resolve(/^closed 10(13|06)/.test(closed) ? `cut: ${closed.slice(7)}` : closed);
        }, 50);
        setTimeout(() => {
          clearInterval(check);
          socket.terminate();
          resolve(closed ?? "still open");
        }, 10_000);
      }),
  };
}

function table(header: readonly string[], rows: readonly string[][]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      events: { type: "string" },
      viewers: { type: "string" },
      "hold-seconds": { type: "string" },
    },
  });
  const events = positiveInt("events", values.events, 30_000);
  const viewers = positiveInt("viewers", values.viewers, 30);
  const holdMs = positiveInt("hold-seconds", values["hold-seconds"], 30) * 1000;
  const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-abuse-"));
  const { url, child } = await startGateway(dataDir, events);
  const pid = child.pid as number;
  try {
    const setupStarted = performance.now();
    await api(`${url}/api/sessions`, {
      method: "POST",
      body: JSON.stringify({ source: "bulk", id: "long" }),
    });
    await waitFor(
      async () => ((await api(`${url}/api/sessions/long`)).session?.lastSeq ?? 0) >= events || undefined,
      600_000,
      `the ${events}-event session`,
    );
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    const before = memoryMb(pid);
    let peakDuringAbuse = before.rss;
    const sampler = setInterval(() => {
      peakDuringAbuse = Math.max(peakDuringAbuse, memoryMb(pid).rss);
    }, 100);
    const probe = healthProbe(url);
    const abuseStarted = performance.now();
    const bomb = await api(`${url}/api/sessions`, {
      method: "POST",
      body: JSON.stringify({ source: "replay", config: { records: patchBomb(), format: "ag-ui", speed: 0 } }),
    });
    const open: Viewer[] = Array.from({ length: viewers }, (_, i) =>
      i % 2 === 0
        ? stalledSse(url, "/api/sessions/long/events?after=0")
        : stalledWs(url, "/api/sessions/long/ws?after=0"),
    );
    const bombId = bomb.session?.id as string;
    const snapshot = await waitFor(
      async () => {
        const s = await api(`${url}/api/sessions/${bombId}`);
        return s.session?.status === "completed" ? api(`${url}/api/sessions/${bombId}/snapshot`) : undefined;
      },
      120_000,
      "the patch bomb replay",
    );
    const bombDone = ((performance.now() - abuseStarted) / 1000).toFixed(1);
    const refusals = (snapshot.state?.diagnostics ?? []).filter(
      (d) => d.code === "state_limit_exceeded",
    ).length;
    const appStateBytes = JSON.stringify(snapshot.state?.appState ?? null).length;
    const remaining = holdMs - (performance.now() - abuseStarted);
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
    const outcomes = await Promise.all(open.map((viewer) => viewer.finish()));
    const latencies = (await probe.stop()).sort((a, b) => a - b);
    clearInterval(sampler);
    const after = memoryMb(pid);
    const p99 = latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)];
    const max = latencies[latencies.length - 1];
    const cut = outcomes.filter((o) => o.startsWith("cut: ")).length;
    const peak = Math.max(peakDuringAbuse, after.rss);
    const ok = (pass: boolean) => (pass ? "yes" : "NO");
    console.log(
      `\nGateway under abuse: ${events}-event session (setup ${setupSeconds.toFixed(1)} s), ${viewers} viewers that never read (half SSE, half WebSocket), one 26-op STATE_DELTA copy bomb; held ${holdMs / 1000} s.\n`,
    );
    console.log(
      table(
        ["measure", "value", "target", "met"],
        [
          [
            "/api/health max",
            `${max.toFixed(0)} ms`,
            `≤ ${TARGET_HEALTH_MS} ms`,
            ok(max <= TARGET_HEALTH_MS),
          ],
          [
            "/api/health p99",
            `${p99.toFixed(0)} ms`,
            `≤ ${TARGET_HEALTH_MS} ms`,
            ok(p99 <= TARGET_HEALTH_MS),
          ],
          ["health probes", String(latencies.length), "", ""],
          ["gateway RSS before abuse", `${before.rss.toFixed(0)} MB`, "", ""],
          [
            "gateway peak RSS during abuse",
            `${peak.toFixed(0)} MB`,
            `< ${TARGET_RSS_MB} MB`,
            ok(peak < TARGET_RSS_MB),
          ],
          ["gateway peak RSS (whole run, VmHWM)", `${after.peak.toFixed(0)} MB`, "", ""],
          [
            "viewers cut by the gateway",
            `${cut} / ${viewers}`,
            `${viewers} / ${viewers}`,
            ok(cut === viewers),
          ],
          ["state_limit_exceeded refusals", String(refusals), "> 0", ok(refusals > 0)],
          [
            "bomb session appState",
            `${appStateBytes} bytes`,
            "≤ 4 MiB",
            ok(appStateBytes <= 4 * 1024 * 1024),
          ],
        ],
      ),
    );
    if (probe.slow.length > 0)
      console.log(`\nprobes over 500 ms (time since the abuse began: latency): ${probe.slow.join(", ")}`);
    console.log(`patch bomb replay completed ${bombDone} s after the abuse began`);
    const other = outcomes.filter((o) => !o.startsWith("cut: "));
    if (other.length > 0) console.log(`\nviewers not cut: ${[...new Set(other)].join("; ")}`);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
