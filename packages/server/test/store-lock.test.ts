// A data dir belongs to one gateway process: a second process on it exits at once naming the holder, and
// writes nothing into the first one's sessions; a lock left by a dead process is taken over.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCK_FILE } from "../src";
import { crashChild, getJson, postJson, startChildGateway, tempDir, waitFor } from "./helpers";

function runSecondGateway(dataDir: string): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const script = join(new URL(".", import.meta.url).pathname, "fixtures/gateway-process.ts");
  const child = spawn(process.execPath, ["--import", "tsx", script, dataDir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  let stdout = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stderr, stdout })));
}

describe("data dir lock", () => {
  it("FALL-01 a second gateway on a data dir in use exits naming the holder and writes nothing", async () => {
    const dir = tempDir();
    const first = await startChildGateway(dir.path);
    try {
      const created = await postJson(`${first.url}/api/sessions`, { source: "demo", id: "one" });
      expect(created.status).toBe(201);
      const before = await waitFor(async () => {
        const { body } = await getJson(`${first.url}/api/sessions/one`);
        return body.session.status === "live" ? body.session : undefined;
      }, 20_000);
      const second = await runSecondGateway(dir.path);
      expect(second.code).not.toBe(0);
      expect(second.stdout).not.toMatch(/^url /m);
      expect(second.stderr).toContain(`in use by another gateway (pid ${first.child.pid}`);
      const { body: log } = await getJson(`${first.url}/api/sessions/one/events.json?after=0&limit=5000`);
      const text = JSON.stringify(log);
      expect(text).not.toContain("the gateway restarted");
      const { body: after } = await getJson(`${first.url}/api/sessions/one`);
      expect(after.session.status).toBe("live");
      expect(after.session.lastSeq).toBeGreaterThanOrEqual(before.lastSeq);
    } finally {
      await crashChild(first.child);
      dir.remove();
    }
  }, 60_000);

  it("FALL-01 a lock left by a process that no longer runs is taken over", async () => {
    const dir = tempDir();
    // A pid far above pid_max on Linux: no such process.
    writeFileSync(join(dir.path, LOCK_FILE), JSON.stringify({ pid: 99_999_999, since: "earlier" }));
    const gateway = await startChildGateway(dir.path);
    try {
      const { status } = await getJson(`${gateway.url}/api/sessions`);
      expect(status).toBe(200);
    } finally {
      await crashChild(gateway.child);
      dir.remove();
    }
  }, 60_000);
});
