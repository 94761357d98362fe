// Runs one WorkerTask in a fresh `node --expose-gc --import tsx` child and parses its answer. A child
// that outlives its deadline is killed (its process group), so a runaway peer cannot hang the run.
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { RESULT_MARKER, type WorkerResult, type WorkerTask } from "./tasks";

const SRC_DIR = dirname(fileURLToPath(import.meta.url));
export const BENCH_DIR = resolve(SRC_DIR, "..");
export const REPO_ROOT = resolve(BENCH_DIR, "..");
const WORKER = join(SRC_DIR, "worker.ts");

export class ChildTimeout extends Error {}

export function runInChild(task: WorkerTask, deadlineMs: number): Promise<WorkerResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", WORKER, JSON.stringify(task)], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
      env: { ...process.env, NODE_NO_WARNINGS: "1" },
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      // Keep the tail only: a chatty peer must not grow memory without bound.
      stderr = (stderr + chunk.toString("utf8")).slice(-4000);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          child.kill("SIGKILL");
        }
      }
    }, deadlineMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (timedOut)
        return reject(new ChildTimeout(`${describe(task)} exceeded ${Math.round(deadlineMs / 1000)} s`));
      const line = stdout.split("\n").find((l) => l.startsWith(RESULT_MARKER));
      if (line === undefined)
        return reject(new Error(`${describe(task)} failed (exit ${code}): ${stderr.trim().slice(-800)}`));
      resolvePromise(JSON.parse(line.slice(RESULT_MARKER.length)) as WorkerResult);
    });
  });
}

export function describe(task: WorkerTask): string {
  switch (task.kind) {
    case "reducer":
      return `${task.reducer} @ ${task.events}`;
    case "marginal":
      return `marginal ${task.reducer} @ ${task.history}`;
    case "team":
      return `team ${task.mode} @ ${task.teammates} teammates`;
    default:
      return `${task.kind} @ ${task.events}`;
  }
}
