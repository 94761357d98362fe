// The shell in a real browser: after 100 turns with compactions the composer and the latest message are in
// view at desktop and phone sizes; "Load earlier" reaches turn 1; compactions are one line in the status
// bar; unknown sessions and a gateway outage get their own pages; list badges follow the run's state.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtInSources, type RunningServer, startServer } from "@agent-ui/server";
import { ensureWorkbenchBuilt } from "@agent-ui/workbench/build";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../src/node/chromium";
import { runBrowser, screenshot } from "./browser";
import { longSource } from "./long-source";

const FACT_TIMEOUT = 45_000;

async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .last()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return (
        r.height > 0 &&
        r.top >= 0 &&
        r.bottom <= window.innerHeight + 1 &&
        r.left >= 0 &&
        r.right <= window.innerWidth + 1
      );
    });
}

describe.skipIf(!runBrowser)("workbench layout and states in Chromium", () => {
  let dir = "";
  let dataDir = "";
  let server: RunningServer;
  let browser: Browser;
  const create = async (body: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/api/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return ((await response.json()) as { session: { id: string } }).session.id;
  };
  beforeAll(async () => {
    dir = (await ensureWorkbenchBuilt()).dir;
    dataDir = mkdtempSync(join(tmpdir(), "agent-ui-layout-"));
    server = await startServer({
      port: 0,
      dataDir,
      staticDir: dir,
      sources: [...builtInSources(), longSource],
      noAuth: true,
    });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`HYD-05 ${width}×${height}: after 100 turns with compactions the composer and the latest answer are in view; Load earlier reaches turn 1`, async () => {
      const id = await create({
        source: "long",
        title: "long session",
        config: { turns: 100, compactEvery: 20 },
      });
      const page = await browser.newPage({ viewport: { width, height } });
      await page.goto(`${server.url}/#/s/${id}`);
      const latest = page.getByText("Answer 100", { exact: true });
      await latest.waitFor({ timeout: FACT_TIMEOUT });
      const composer = page.getByRole("combobox", { name: "Message" });
      await composer.waitFor();
      expect(await inViewport(page, "#aui-composer-input")).toBe(true);
      expect(await latest.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(
        true,
      );
      // The page itself never scrolls: the conversation is the scroller.
      expect(await page.evaluate(() => document.scrollingElement?.scrollHeight ?? 0)).toBeLessThanOrEqual(
        height,
      );
      // Five compactions: at most one summary line in the status bar (on a phone it gives way entirely).
      expect(await page.locator(".wb-status [data-boundary='compaction']").count()).toBeLessThanOrEqual(1);
      expect(await page.getByText("Turn 1", { exact: true }).count()).toBe(0);
      await screenshot(page, width < 900 ? "workbench-mobile" : "workbench-long-session");

      // Each click (or the automatic load when the scroller reaches the top) brings one older page; the
      // button gives way to "Start of the conversation" at turn 1.
      const earlier = page.getByRole("button", { name: "Load earlier messages" });
      const start = page.getByText("Start of the conversation");
      for (let i = 0; i < 20 && (await start.count()) === 0; i++) {
        await earlier.click({ timeout: 3000 }).catch(() => {});
        await page.waitForFunction(
          () => !document.querySelector(".aui-history-edge button[disabled]"),
          undefined,
          { timeout: FACT_TIMEOUT },
        );
      }
      await page.getByText("Turn 1", { exact: true }).waitFor({ state: "attached", timeout: FACT_TIMEOUT });
      expect(await page.locator("article[data-role='user']").count()).toBe(100);
      // Still in place after paging back.
      expect(await inViewport(page, "#aui-composer-input")).toBe(true);
      await page.close();
    }, 120_000);
  }

  it("an unknown session id is a not-found page, not an empty session", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/#/s/no-such-session`);
    await page.getByRole("heading", { name: "Session not found" }).waitFor({ timeout: FACT_TIMEOUT });
    expect(await page.getByRole("combobox", { name: "Message" }).count()).toBe(0);
    await page.close();
  });

  it("STAT-01 list badges read the run: completed, needs decision, then not after a reject", async () => {
    const solo = await create({ source: "demo", scenario: "solo", title: "solo badge", config: { pace: 0 } });
    const approval = await create({ source: "demo", scenario: "approval", title: "approval badge" });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/#/s/${approval}`);
    const list = page.getByRole("navigation", { name: "Sessions list" });
    const card = (title: string) => list.getByRole("button", { name: new RegExp(`^${title}`) });
    await card("solo badge").getByText("completed").waitFor({ timeout: FACT_TIMEOUT });
    await card("approval badge").getByText("needs decision").waitFor({ timeout: FACT_TIMEOUT });
    await page.getByRole("button", { name: "Reject" }).click({ timeout: FACT_TIMEOUT });
    await page.waitForFunction(
      () => !document.querySelector("nav[aria-label='Sessions list'] [data-value='needs decision']"),
      undefined,
      { timeout: FACT_TIMEOUT },
    );
    expect(await page.getByRole("tab", { name: /approval badge/ }).textContent()).not.toContain(
      "needs decision",
    );
    expect(solo).toBeTruthy();
    await page.close();
  }, 120_000);

  it("a gateway outage is a full page with Reconnect now; the page comes back by itself within seconds", async () => {
    const ownData = mkdtempSync(join(tmpdir(), "agent-ui-outage-"));
    let own = await startServer({ port: 0, dataDir: ownData, staticDir: dir, sources: builtInSources() });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await page.goto(`${own.url}/#/`);
      await page.getByRole("heading", { name: "Sessions" }).waitFor({ timeout: FACT_TIMEOUT });
      await own.close();
      await page
        .getByRole("heading", { name: "The gateway cannot be reached" })
        .waitFor({ timeout: FACT_TIMEOUT });
      expect(await page.getByRole("button", { name: "Reconnect now" }).isVisible()).toBe(true);
      expect(await page.getByText(/TypeError|Failed to fetch/).count()).toBe(0);
      await screenshot(page, "workbench-gateway-down");
      own = await startServer({
        port: own.port,
        dataDir: ownData,
        staticDir: dir,
        sources: builtInSources(),
      });
      const back = Date.now();
      await page.getByRole("heading", { name: "Sessions" }).waitFor({ timeout: 10_000 });
      expect(Date.now() - back).toBeLessThan(4000);
    } finally {
      await page.close();
      await own.close();
      rmSync(ownData, { recursive: true, force: true });
    }
  }, 120_000);

  it("a gateway that requires a token asks for it, then opens with it", async () => {
    const ownData = mkdtempSync(join(tmpdir(), "agent-ui-token-"));
    const own = await startServer({
      port: 0,
      dataDir: ownData,
      staticDir: dir,
      sources: builtInSources(),
      token: "open-sesame",
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await page.goto(`${own.url}/#/`);
      await page
        .getByRole("heading", { name: "The gateway needs an access token" })
        .waitFor({ timeout: FACT_TIMEOUT });
      await page.getByLabel("Access token", { exact: true }).fill("open-sesame");
      await page.getByRole("button", { name: "Connect" }).click();
      await page.getByRole("button", { name: "+ solo" }).click({ timeout: FACT_TIMEOUT });
      await page.getByRole("combobox", { name: "Message" }).waitFor({ timeout: FACT_TIMEOUT });
      await page.getByText("completed").first().waitFor({ timeout: FACT_TIMEOUT });
    } finally {
      await page.close();
      await own.close();
      rmSync(ownData, { recursive: true, force: true });
    }
  }, 120_000);
});
