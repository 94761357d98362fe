// The route's hydration window in Chromium: the page asks for it once, before React renders its first
// frame, with the token the printed URL carried, and the session's connection uses that answer.
import { describe, expect, it } from "vitest";
import { runBrowser, useHarness } from "./browser";

describe.skipIf(!runBrowser)("early hydration window in Chromium", () => {
  const harness = useHarness();

  it("HYD-02 PERF-05: the window is asked for once, before the first render, whose first frame shows it", async () => {
    const h = harness();
    const id = await h.createSession("solo", { pace: 0 });
    // The answer is in the log before the page opens: the window holds it.
    await expect
      .poll(
        async () => {
          const response = await fetch(`${h.server.url}/api/sessions/${id}/snapshot`, { headers: h.auth });
          return JSON.stringify(await response.json()).includes('"role":"assistant"');
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const page = await h.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    try {
      // When React first puts anything into the root, as the page's clock reads it.
      await page.addInitScript(() => {
        const w = window as unknown as { __firstRender?: number; __firstHasAnswer?: boolean };
        new MutationObserver((_records, observer) => {
          const root = document.getElementById("root");
          if (!root || root.childElementCount === 0) return;
          w.__firstRender = performance.now();
          w.__firstHasAnswer = root.querySelector("article[data-role='assistant']") !== null;
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      const windows: { authorized: boolean }[] = [];
      const isWindow = (url: string) => new URL(url).pathname === `/api/sessions/${id}/snapshot`;
      page.on("request", (request) => {
        if (isWindow(request.url()))
          windows.push({ authorized: request.headers().authorization === `Bearer ${h.server.token}` });
      });
      // The workbench chunk is held until the window is in, as on a page whose scripts arrive after it (a
      // loaded machine may otherwise evaluate the chunk first, and then its first frame is the shell).
      let windowIn: () => void = () => {};
      const inBeforeChunk = new Promise<void>((resolve) => {
        windowIn = resolve;
      });
      page.on("requestfinished", (request) => {
        if (isWindow(request.url())) windowIn();
      });
      await page.route(/\/assets\/start-app-[^/]*\.js$/, async (route) => {
        await inBeforeChunk;
        await route.continue();
      });
      await page.goto(`${h.server.url}/#/s/${encodeURIComponent(id)}?token=${h.server.token}`);
      await page.locator("article[data-role='assistant']").last().waitFor({ timeout: 30_000 });
      await page.getByRole("combobox", { name: "Message" }).waitFor({ timeout: 30_000 });
      expect(windows).toEqual([{ authorized: true }]);
      const order = await page.evaluate(() => {
        const asked = performance
          .getEntriesByType("resource")
          .find((e) => e.name.includes("/snapshot")) as PerformanceResourceTiming;
        const w = window as unknown as { __firstRender: number; __firstHasAnswer: boolean };
        return { asked: asked.startTime, rendered: w.__firstRender, answerInFirstFrame: w.__firstHasAnswer };
      });
      expect(order.asked).toBeLessThan(order.rendered);
      // The window was in before the workbench rendered: its first frame is the session, not an empty shell.
      expect(order.answerInFirstFrame).toBe(true);
    } finally {
      await page.close();
    }
  }, 90_000);
});
