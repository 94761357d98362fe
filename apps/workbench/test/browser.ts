// Browser-test harness: Debian Chromium through playwright-core (never a downloaded browser), the gateway
// with the demo runtime on a free port and the built workbench. Without /usr/bin/chromium the suite skips
// with a reason, unless AGENT_UI_REQUIRE_BROWSER=1 (CI), where a missing browser is a failure.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { agentUiSources } from "@agent-ui/cli";
import { type RunningServer, startServer } from "@agent-ui/server";
import { ensureWorkbenchBuilt } from "@agent-ui/workbench/build";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { CHROMIUM, launchChromium } from "../src/node/chromium";

export const browserRequired = process.env.AGENT_UI_REQUIRE_BROWSER === "1";
export const browserAvailable = existsSync(CHROMIUM);
export const skipReason = browserAvailable ? undefined : `${CHROMIUM} not found: browser tests skipped`;
/** Whether a browser suite runs here: a missing browser skips with the reason, unless it is required. */
export const runBrowser = browserAvailable || browserRequired;
if (!runBrowser) console.warn(`[workbench e2e] ${skipReason}`);

export interface Harness {
  /** The gateway, with the access token it generated (`server.token`). */
  server: RunningServer;
  /** `Authorization` for API calls made by the test itself. */
  auth: Record<string, string>;
  browser: Browser;
  close(): Promise<void>;
  /** Creates a demo session through the gateway API. */
  createSession(scenario: string, config?: Record<string, unknown>): Promise<string>;
  open(sessionId: string): Promise<Page>;
}

export async function startHarness(): Promise<Harness> {
  if (!browserAvailable) throw new Error(`${CHROMIUM} is required (AGENT_UI_REQUIRE_BROWSER=1) but missing`);
  const { dir } = await ensureWorkbenchBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-e2e-"));
  // The sources `agent-ui start` offers: the demo runtime, every live connector, replay and push.
  const server = await startServer({ port: 0, dataDir, staticDir: dir, sources: agentUiSources() });
  const browser = await launchChromium();
  const auth = { authorization: `Bearer ${server.token}` };
  return {
    server,
    auth,
    browser,
    async close() {
      await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async createSession(scenario, config = {}) {
      const response = await fetch(`${server.url}/api/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json", ...auth },
        body: JSON.stringify({ source: "demo", scenario, title: `${scenario} e2e`, config }),
      });
      if (!response.ok) throw new Error(`create session: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { session: { id: string } }).session.id;
    },
    async open(sessionId) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      page.on("pageerror", (error) => console.error("pageerror:", error.message));
      // The way a user arrives: the printed URL with the token in its fragment.
      await page.goto(`${server.url}/#/s/${encodeURIComponent(sessionId)}?token=${server.token}`);
      return page;
    },
  };
}

/** Saves a screenshot into docs/screenshots when AGENT_UI_SCREENSHOTS=1 (kept out of ordinary runs). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.AGENT_UI_SCREENSHOTS !== "1") return;
  const path = new URL(`../../../docs/screenshots/${name}.png`, import.meta.url).pathname;
  await page.screenshot({ path, fullPage: false });
}

/** One harness for the enclosing `describe`: started before its tests, closed after. Returns a getter. */
export function useHarness(): () => Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness();
  }, 180_000);
  afterAll(async () => {
    await harness?.close();
  });
  return () => {
    if (!harness) throw new Error("the browser harness did not start");
    return harness;
  };
}

/** The session's logged events through the gateway's paged log. */
export async function loggedEvents(h: Harness, sessionId: string): Promise<AgentUiEvent[]> {
  const response = await fetch(`${h.server.url}/api/sessions/${sessionId}/events.json?after=0&limit=5000`, {
    headers: h.auth,
  });
  const body = (await response.json()) as { entries: { event: AgentUiEvent }[] };
  return body.entries.map((e) => e.event);
}
