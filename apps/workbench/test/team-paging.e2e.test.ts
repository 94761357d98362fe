// A 3,000-teammate team in Chromium (PERF-04, HYD-02, AS-10): the team panel mounts a bounded number of
// roster and delegation rows, and scrolling the roster back to its start asks the gateway for the next
// older page of teammates, which joins the list without moving the rows in view.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { type RunningServer, type RuntimeSourceFactory, startServer } from "@agent-ui/server";
import { ensureWorkbenchBuilt } from "@agent-ui/workbench/build";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../src/node/chromium";
import { runBrowser } from "./browser";

const WORKERS = 3_000;

/** A finished run with a lead and WORKERS spawned teammates, every 500th still running. */
const bigTeam: RuntimeSourceFactory = {
  kind: "big-team",
  description: "a lead and thousands of teammates",
  create: () => ({
    kind: "big-team",
    async start({ sink }) {
      const events: Partial<AgentUiEvent>[] = [
        { type: "agent.spawned", agentId: "lead", payload: { agentName: "Lead", status: "running" } },
      ];
      for (let i = 0; i < WORKERS; i++)
        events.push({
          type: "agent.spawned",
          agentId: `w${i}`,
          payload: {
            agentName: `Worker ${i}`,
            parentAgentId: "lead",
            status: i % 500 === 1 ? "running" : "completed",
          },
        });
      await sink.events(events);
      await sink.status("completed");
    },
    async command(command) {
      return { status: "rejected", idempotencyKey: command.idempotencyKey, reason: "read-only" };
    },
    async stop() {},
  }),
};

describe.skipIf(!runBrowser)("a team of thousands in Chromium", () => {
  let dataDir = "";
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    const { dir } = await ensureWorkbenchBuilt();
    dataDir = mkdtempSync(join(tmpdir(), "agent-ui-team-"));
    server = await startServer({ port: 0, dataDir, staticDir: dir, sources: [bigTeam], noAuth: true });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("PERF-04 HYD-02 the roster mounts a bounded window and pages older teammates in as the user scrolls to its start", async () => {
    const response = await fetch(`${server.url}/api/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ source: "big-team", title: "Big team" }),
    });
    const id = ((await response.json()) as { session: { id: string } }).session.id;
    for (let tries = 0; ; tries++) {
      const s = await (await fetch(`${server.url}/api/sessions/${id}`)).json();
      if (s.session.status === "completed") break;
      if (tries > 200) throw new Error("the session never completed");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`${server.url}/#/s/${encodeURIComponent(id)}`);
    await page.getByRole("tab", { name: "team", exact: true }).click();
    const roster = page.getByRole("region", { name: "Roster" });
    const scroller = roster.locator(".aui-windowed");
    await scroller.waitFor({ timeout: 30_000 });
    const total = async () => Number(await scroller.getAttribute("data-total"));
    const held = await total();
    expect(held).toBeGreaterThan(60);
    expect(held).toBeLessThan(WORKERS);
    expect(await roster.locator("[data-windowed-row]").count()).toBeLessThan(60);
    const graphRows = page.getByRole("region", { name: "Delegation graph" }).locator("[data-windowed-row]");
    expect(await graphRows.count()).toBeLessThan(60);

    await scroller.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    const paged = page.waitForResponse((r) => r.url().includes(`/api/sessions/${id}/team/roster?before=`));
    await scroller.evaluate((el) => {
      el.scrollTop = 0;
    });
    expect((await paged).status()).toBe(200);
    await page.waitForFunction(
      ([selector, before]) => Number(document.querySelector(selector)?.getAttribute("data-total")) > before,
      [`[aria-label="Roster"] .aui-windowed`, held] as const,
    );
    expect(await roster.locator("[data-windowed-row]").count()).toBeLessThan(60);
    await page.close();
  }, 120_000);
});
