// `npx tsx apps/workbench/bench/first-paint.ts [--events N]`: first meaningful paint of the workbench on
// a long session served by a real gateway (SQLite). The session (default 1,000,000 envelope events from
// the bench generator) is pushed once through the gateway's ingest route into a data dir cached under
// the OS temp dir, then each run starts a gateway on it, opens the session in Chromium and reports the
// time from navigation start until the newest message and the composer are rendered, and the long
// tasks (> 50 ms) before that. `--profile` adds the CPU self time per function (minified names). Target:
// ≤ 1 s. Not part of `npm test`.
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeSession, generateSession } from "@agent-ui/bench";
import { startServer } from "@agent-ui/server";
import { launchChromium } from "../src/node/chromium";
import { startCpuProfile, topSelfTime } from "./cpu-profile";
import { ensureWorkbenchBuilt } from "../src/node/ensure-built";

const TARGET_MS = 1000;
const index = process.argv.indexOf("--events");
const EVENTS = index >= 0 ? Number(process.argv[index + 1]) : 1_000_000;
const dataDir = join(tmpdir(), `agent-ui-first-paint-${EVENTS}`);
const ready = join(dataDir, "session-id");

async function buildSession(): Promise<string> {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const events = encodeSession(generateSession({ seed: 7, events: EVENTS })).envelope;
  const server = await startServer({ port: 0, dataDir, noAuth: true });
  try {
    const created = await fetch(`${server.url}/api/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ source: "push", title: `${EVENTS} events`, config: { format: "agent-ui" } }),
    });
    const id = ((await created.json()) as { session: { id: string } }).session.id;
    const started = performance.now();
    for (let at = 0; at < events.length; ) {
      const batch = events.slice(at, at + 1000);
      const response = await fetch(`${server.url}/api/sessions/${id}/ingest`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(batch),
      });
      if (response.status === 429) {
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      if (!response.ok) throw new Error(`ingest: ${response.status} ${await response.text()}`);
      at += batch.length;
    }
    console.log(`built ${events.length} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return id;
  } finally {
    await server.close();
  }
}

async function main() {
  const { dir } = await ensureWorkbenchBuilt();
  if (!existsSync(ready)) writeFileSync(ready, await buildSession());
  const id = (await import("node:fs")).readFileSync(ready, "utf8").trim();
  const server = await startServer({ port: 0, dataDir, staticDir: dir, noAuth: true });
  const browser = await launchChromium();
  try {
    for (const visit of ["cold gateway", "warm gateway"]) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.addInitScript(() => {
        const w = window as unknown as { __long: number[] };
        w.__long = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__long.push(e.duration);
        }).observe({ type: "longtask", buffered: true });
      });
      const stopProfile = process.argv.includes("--profile") ? await startCpuProfile(page) : undefined;
      await page.goto(`${server.url}/#/s/${encodeURIComponent(id)}`);
      await page.locator("article[data-role='assistant']").last().waitFor({ timeout: 120_000 });
      await page.getByRole("combobox", { name: "Message" }).waitFor({ timeout: 120_000 });
      const paint = await page.evaluate(() => performance.now());
      const long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
      const dom = await page.evaluate(() => document.getElementsByTagName("*").length);
      // Where the time went: the hydration window's arrival and size, and the script's arrival.
      const timing = await page.evaluate(() => {
        const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const snapshot = entries.find((e) => e.name.includes("/snapshot"));
        const scripts = entries.filter((e) => e.initiatorType === "script" || e.name.endsWith(".js"));
        return {
          snapshotEnd: snapshot?.responseEnd ?? Number.NaN,
          snapshotBytes: snapshot?.decodedBodySize ?? Number.NaN,
          scriptsEnd: Math.max(0, ...scripts.map((e) => e.responseEnd)),
        };
      });
      const verdict = paint <= TARGET_MS ? "met" : "not met";
      console.log(
        `${EVENTS} events, ${visit}: first meaningful paint ${paint.toFixed(0)} ms (target ≤ ${TARGET_MS} ms: ${verdict}); long tasks ${long.length} (max ${Math.max(0, ...long).toFixed(0)} ms); DOM nodes ${dom}; scripts in at ${timing.scriptsEnd.toFixed(0)} ms, hydration window (${(timing.snapshotBytes / 1024).toFixed(0)} KB) in at ${timing.snapshotEnd.toFixed(0)} ms`,
      );
      if (stopProfile) for (const line of topSelfTime(await stopProfile(), 20)) console.log(`  ${line}`);
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
