// `npm run bench:ui`: streams 5,000 text deltas at 200/s into a session whose timeline holds 10,000
// entries, in Debian Chromium, and reports long tasks (> 50 ms, Performance API) and frame times. Not part
// of `npm test`: numbers depend on the machine. Options: --deltas N --rate N --timeline N.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "@agent-ui/server";
import type { UiBenchResult } from "../src/bench/ui-bench-page";
import { launchChromium } from "../src/node/chromium";
import { ensureWorkbenchBuilt } from "../src/node/ensure-built";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const fmt = (n: number) => n.toFixed(1);

async function main(): Promise<number> {
  const deltas = option("deltas", 5000);
  const rate = option("rate", 200);
  const timeline = option("timeline", 10_000);
  const { dir } = await ensureWorkbenchBuilt({ log: (line) => console.error(line) });
  const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-bench-ui-"));
  const server = await startServer({ port: 0, dataDir, staticDir: dir });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on("pageerror", (error) => console.error("pageerror:", error.message));
    await page.goto(`${server.url}/#/bench?deltas=${deltas}&rate=${rate}&timeline=${timeline}`);
    const expectedMs = (deltas / rate) * 1000;
    await page.waitForFunction(() => window.__uiBench !== undefined, undefined, {
      timeout: expectedMs + 60_000,
      polling: 500,
    });
    const result = (await page.evaluate(() => window.__uiBench)) as UiBenchResult | { error: string };
    if ("error" in result) {
      console.error(`bench:ui failed: ${result.error}`);
      return 1;
    }
    const rows: [string, string, string][] = [
      ["deltas streamed", `${result.deltas} at ${result.ratePerSecond}/s`, ""],
      ["timeline entries", String(result.timelineEntries), ""],
      [
        "answer chars (got / expected)",
        `${result.answerChars} / ${result.expectedChars}`,
        result.answerChars === result.expectedChars ? "ok" : "MISMATCH",
      ],
      ["duration", `${result.durationMs} ms`, ""],
      ["frames", String(result.frames), ""],
      ["frame p50", `${fmt(result.frameP50)} ms`, ""],
      [
        "frame p95",
        `${fmt(result.frameP95)} ms`,
        result.frameP95 <= 16.7 ? "ok (≤ 16.7)" : "over 16.7 ms target",
      ],
      ["frame p99", `${fmt(result.frameP99)} ms`, ""],
      ["frame max", `${fmt(result.frameMax)} ms`, ""],
      [
        "long tasks (> 50 ms)",
        String(result.longTasks),
        result.longTasks === 0 ? "ok (none)" : "target: none",
      ],
      ["longest long task", `${fmt(result.longTaskMaxMs)} ms`, ""],
      ["long task total", `${fmt(result.longTaskTotalMs)} ms`, ""],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    const valueWidth = Math.max(...rows.map((r) => r[1].length));
    console.log("UI benchmark (Chromium headless, workbench surfaces, frame-batched projection store)");
    for (const [name, value, verdict] of rows)
      console.log(`  ${name.padEnd(width)}  ${value.padStart(valueWidth)}  ${verdict}`);
    if (result.longTaskLog.length > 0) {
      console.log(
        `  long tasks at [ms since start, duration]: ${result.longTaskLog.map(([t, d]) => `[${t}, ${d}]`).join(" ")}`,
      );
    }
    return result.answerChars === result.expectedChars ? 0 : 1;
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
