// The shell in a real browser: after 100 turns with compactions the composer and the latest message are in
// view at desktop and phone sizes; "Load earlier" reaches turn 1; compactions are one line in the status
// bar; unknown sessions and a gateway outage get their own pages; list badges follow the run's state.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoSource } from "@agent-ui/demo";
import { type RunningServer, startServer } from "@agent-ui/server";
import { ensureWorkbenchBuilt } from "@agent-ui/workbench/build";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../src/node/chromium";
import { axeViolations, expectNoAxeViolations } from "./axe";
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
      sources: [demoSource, longSource],
      // Layout and page states, not access control (the last test covers the token).
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
      await expectNoAxeViolations(page, `session open at ${width}×${height}`);
      // Structure (axe rates these moderate): one h1, every landmark unique and none nested in another.
      expect(await page.locator("h1").count()).toBe(1);
      const structure = await axeViolations(page, { impacts: ["moderate", "minor"] });
      expect(structure.filter((v) => /^landmark|^page-has-heading-one$/.test(v.id))).toEqual([]);
      // The open session's tab shows its whole title, clear of the controls beside it (a phone puts the tabs
      // on a row of their own).
      const tab = page.getByRole("tab", { name: /long session/ });
      const clipped = await tab.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(clipped).toBe(false);
      const tabBox = await tab.boundingBox();
      // (The Panels drawer button exists on narrow screens only.)
      for (const name of width < 900
        ? ["Pin tab", "Close this tab", "Panels"]
        : ["Pin tab", "Close this tab"]) {
        const box = await page.getByRole("button", { name, exact: true }).boundingBox();
        if (tabBox === null || box === null) throw new Error(`no box for the tab or ${name}`);
        const apart =
          box.x >= tabBox.x + tabBox.width - 1 ||
          box.x + box.width <= tabBox.x + 1 ||
          box.y >= tabBox.y + tabBox.height - 1 ||
          box.y + box.height <= tabBox.y + 1;
        expect(apart, `${name} overlaps the session tab`).toBe(true);
      }
      expect((tabBox?.x ?? -1) >= 0 && (tabBox?.x ?? 0) + (tabBox?.width ?? 0) <= width).toBe(true);
      if (width < 900) {
        await page.getByRole("button", { name: "Sessions", exact: true }).click();
        await page.getByRole("button", { name: "Close the drawer" }).waitFor();
        await expectNoAxeViolations(page, "phone with the sessions drawer open");
        // The drawer covers the header; the backdrop beside it closes it.
        await page
          .getByRole("button", { name: "Close the drawer" })
          .click({ position: { x: width - 10, y: 400 } });
        await page.getByRole("button", { name: "Close the drawer" }).waitFor({ state: "detached" });
      }

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

  it("the message box is reached from the top of the page in at most 3 Tab stops, through the skip link", async () => {
    const id = await create({ source: "demo", scenario: "solo", title: "tab order", config: { pace: 0 } });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/#/s/${id}`);
    await page.getByRole("combobox", { name: "Message" }).waitFor({ timeout: FACT_TIMEOUT });
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
    let stops = 0;
    for (; stops < 3 && (await focused()) !== "aui-composer-input"; stops++) {
      await page.keyboard.press("Tab");
      if ((await page.evaluate(() => document.activeElement?.textContent)) === "Skip to the message box") {
        await page.keyboard.press("Enter");
      }
    }
    expect(await focused()).toBe("aui-composer-input");
    expect(stops).toBeLessThanOrEqual(3);
    // The skip link moves focus without touching the route: the same session stays open.
    expect(await page.evaluate(() => window.location.hash)).toBe(`#/s/${id}`);
    await page.close();
  }, 60_000);

  it("dark mode follows prefers-color-scheme: the shell and a message change colours and keep their contrast", async () => {
    const id = await create({ source: "demo", scenario: "solo", title: "dark mode", config: { pace: 0 } });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${server.url}/#/s/${id}`);
    const answer = page.locator("article[data-role='assistant']").last();
    await answer.locator(".aui-answer").first().waitFor({ timeout: FACT_TIMEOUT });
    // The colour painted behind an element: its own background, else the nearest ancestor's.
    const painted = (el: Element) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const bg = getComputedStyle(node).backgroundColor;
        if (bg !== "rgba(0, 0, 0, 0)" && bg !== "transparent") return [bg, getComputedStyle(el).color];
      }
      return ["none", getComputedStyle(el).color];
    };
    const colours = async () => ({
      shell: await page.locator(".wb-app").evaluate(painted),
      message: await answer.evaluate(painted),
    });
    const light = await colours();
    await page.emulateMedia({ colorScheme: "dark" });
    const dark = await colours();
    expect(dark.shell[0]).not.toBe(light.shell[0]);
    expect(dark.shell[1]).not.toBe(light.shell[1]);
    expect(dark.message[1]).not.toBe(light.message[1]);
    // axe's color-contrast rule (serious) runs with the rest.
    await expectNoAxeViolations(page, "session page in dark mode");
    await page.close();
  }, 60_000);

  it("an unknown session id is a not-found page, not an empty session", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/#/s/no-such-session`);
    await page.getByRole("heading", { name: "Session not found" }).waitFor({ timeout: FACT_TIMEOUT });
    expect(await page.getByRole("combobox", { name: "Message" }).count()).toBe(0);
    await expectNoAxeViolations(page, "not-found page");
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
    const ownOptions = { dataDir: ownData, staticDir: dir, sources: [demoSource], noAuth: true };
    let own = await startServer({ port: 0, ...ownOptions });
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
      await expectNoAxeViolations(page, "gateway-down page");
      own = await startServer({ port: own.port, ...ownOptions });
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
      sources: [demoSource],
      token: "open-sesame",
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await page.goto(`${own.url}/#/`);
      await page
        .getByRole("heading", { name: "The gateway needs an access token" })
        .waitFor({ timeout: FACT_TIMEOUT });
      await expectNoAxeViolations(page, "unauthorized page");
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
