// `npm run bench:import [-- --lines 1000000]` — a file import never blocks the gateway: a gateway in a
// child process (SQLite in a temp dir, loopback, default limits) replays a recording of N Agent UI
// envelope lines (`--lines`, default 1 000 000; the seeded generator of `npm run bench`) as fast as it can
// (`speed: 0`), while `/api/health` is probed one request at a time, 50 ms apart. Prints the health p50 /
// p99 / max during the import (target: p99 ≤ 100 ms), the import's wall time and events/s, and the
// gateway's peak RSS; then ten late joiners fetch the imported session's hydration window at once (three
// rounds) while health is probed again: its p99 and the window's size. Ends by itself.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { toEnvelopeEvents } from "../../../bench/src/encode/envelope";
import { generateSession } from "../../../bench/src/generator";
import { healthProbe, nearestRank } from "./health-probe";

const TARGET_P99_MS = 100;
const JOINERS = 10;
const TOKEN = randomBytes(16).toString("hex");
const AUTH = { authorization: `Bearer ${TOKEN}` };

async function writeRecording(path: string, lines: number): Promise<number> {
  const events = toEnvelopeEvents(generateSession({ events: lines }));
  const out = createWriteStream(path);
  for (const event of events)
    if (!out.write(`${JSON.stringify(event)}\n`))
      await new Promise<void>((done) => out.once("drain", () => done()));
  await new Promise<void>((done) => out.end(() => done()));
  return events.length;
}

function startGateway(dataDir: string, replayDir: string): Promise<{ url: string; child: ChildProcess }> {
  const script = new URL("./abuse-gateway.ts", import.meta.url).pathname;
  const child = spawn(process.execPath, ["--import", "tsx", script, dataDir, "0"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, AGENT_UI_BENCH_TOKEN: TOKEN, AGENT_UI_BENCH_REPLAY_DIR: replayDir },
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

async function api(url: string, init: RequestInit = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { "content-type": "application/json", ...AUTH, ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(600_000),
  });
  return (await response.json()) as {
    session?: { id: string; status: string; lastSeq: number; statusReason?: string };
  };
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}

const { values } = parseArgs({ options: { lines: { type: "string" } } });
const lines = Number(values.lines ?? 1_000_000);
if (!Number.isInteger(lines) || lines <= 0)
  throw new Error(`--lines must be a positive integer, got "${values.lines}"`);
const root = mkdtempSync(join(tmpdir(), "agent-ui-import-"));
const replayDir = join(root, "replays");
const dataDir = join(root, "data");
for (const dir of [replayDir, dataDir]) mkdirSync(dir);
process.stderr.write(`writing a ${lines}-line recording…\n`);
const file = join(replayDir, "recording.jsonl");
const written = await writeRecording(file, lines);
const { url, child } = await startGateway(dataDir, replayDir);
try {
  const probe = healthProbe(url);
  const started = performance.now();
  const created = await api(`${url}/api/sessions`, {
    method: "POST",
    body: JSON.stringify({
      source: "replay",
      config: { file: "recording.jsonl", format: "agent-ui", speed: 0 },
    }),
  });
  const id = created.session?.id as string;
  let session = created.session;
  while (session?.status !== "completed" && session?.status !== "failed") {
    await new Promise((done) => setTimeout(done, 1000));
    session = (await api(`${url}/api/sessions/${id}`)).session;
  }
  const seconds = (performance.now() - started) / 1000;
  const latencies = (await probe.stop()).sort((a, b) => a - b);
  const p99 = nearestRank(latencies, 99);
  // Then ten late joiners ask for the imported session's hydration window at once, three times over.
  const joinProbe = healthProbe(url);
  const windows: number[] = [];
  const joinStarted = performance.now();
  for (let round = 0; round < 3; round++) {
    const bodies = await Promise.all(
      Array.from({ length: JOINERS }, () =>
        fetch(`${url}/api/sessions/${id}/snapshot`, { headers: AUTH }).then((r) => r.arrayBuffer()),
      ),
    );
    windows.push(...bodies.map((b) => b.byteLength));
    await new Promise((done) => setTimeout(done, 500));
  }
  const joinMs = performance.now() - joinStarted;
  const joined = (await joinProbe.stop()).sort((a, b) => a - b);
  const joinP99 = nearestRank(joined, 99);
  console.log(
    `\nA ${written.toLocaleString("en-US")}-line replay import (${(statSync(file).size / 1e6).toFixed(0)} MB, speed 0) while /api/health is probed.\n`,
  );
  console.log("| measure | value | target | met |\n| --- | --- | --- | --- |");
  console.log(
    `| import status | ${session?.status}${session?.statusReason ? ` (${session.statusReason})` : ""} | completed | ${session?.status === "completed" ? "yes" : "NO"} |`,
  );
  console.log(`| events stored | ${session?.lastSeq.toLocaleString("en-US")} | | |`);
  console.log(
    `| import wall time | ${seconds.toFixed(1)} s (${Math.round((session?.lastSeq ?? 0) / seconds).toLocaleString("en-US")} events/s) | | |`,
  );
  console.log(`| /api/health p50 | ${nearestRank(latencies, 50).toFixed(1)} ms | | |`);
  console.log(
    `| /api/health p99 | ${p99.toFixed(1)} ms | ≤ ${TARGET_P99_MS} ms | ${p99 <= TARGET_P99_MS ? "yes" : "NO"} |`,
  );
  console.log(`| /api/health max | ${latencies[latencies.length - 1].toFixed(1)} ms | | |`);
  console.log(`| health probes | ${latencies.length} | | |`);
  console.log(
    `| ${JOINERS} late joiners × 3: /api/health p99 | ${joinP99.toFixed(1)} ms (max ${joined[joined.length - 1].toFixed(1)} ms, ${joined.length} probes over ${(joinMs / 1000).toFixed(1)} s) | ≤ ${TARGET_P99_MS} ms | ${joinP99 <= TARGET_P99_MS ? "yes" : "NO"} |`,
  );
  console.log(
    `| hydration window served | ${Math.round(Math.max(...windows) / 1024).toLocaleString("en-US")} KB | ≤ 512 KB | ${Math.max(...windows) <= 512 * 1024 ? "yes" : "NO"} |`,
  );
  console.log(`| gateway peak RSS (VmHWM) | ${peakRssMb(child.pid as number).toFixed(0)} MB | | |`);
  if (probe.slow.length > 0)
    console.log(`\nprobes over 500 ms (since the import began: latency): ${probe.slow.join(", ")}`);
} finally {
  child.kill("SIGTERM");
  await new Promise((done) => child.once("exit", done));
  rmSync(root, { recursive: true, force: true });
}
