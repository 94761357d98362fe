// Session tab residency in a real browser (HYD-06/07, AS-TAB-04, PERF-03/04): a pinned tab stays warm while
// more tabs than the warm limit are opened, so returning to it shows its state at once (it never reads
// "restoring"); the least recently used unpinned tab is released ("suspended") and restores when reopened.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./axe";
import { runBrowser, useHarness } from "./browser";

const FACT_TIMEOUT = 45_000;

/** Records every accessible name a tab takes from now on (a MutationObserver in the page). */
async function watchTab(page: Page, title: string): Promise<() => Promise<string[]>> {
  const key = `__names_${title.replaceAll(/\W/g, "_")}`;
  await page.evaluate(
    ({ title, key }) => {
      const names: string[] = [];
      (window as unknown as Record<string, string[]>)[key] = names;
      const read = () => {
        for (const tab of document.querySelectorAll('[role="tab"].aui-tab'))
          if (tab.textContent?.startsWith(title)) names.push(tab.textContent);
      };
      read();
      new MutationObserver(read).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    },
    { title, key },
  );
  return () => page.evaluate((key) => (window as unknown as Record<string, string[]>)[key], key);
}

async function openByLink(page: Page, id: string, title: string) {
  await page.evaluate((id) => {
    window.location.hash = `#/s/${encodeURIComponent(id)}`;
  }, id);
  await page.getByRole("tab", { name: new RegExp(`^${title}`), selected: true }).waitFor();
}

describe.skipIf(!runBrowser)("session tabs in Chromium", () => {
  const harness = useHarness();

  it("AS-TAB-01/03/04 AS-HY-04 AS-TC-05 TASK-14 HYD-07 a pinned tab stays warm and returns at once; the oldest unpinned tab is suspended yet keeps its capsule; only the shown session is rendered", async () => {
    const h = harness();
    const scenarios = ["solo", "approval", "retry", "blocked", "queue-steer"];
    const ids: string[] = [];
    for (const scenario of scenarios) ids.push(await h.createSession(scenario, { pace: 0 }));
    const page = await h.open(ids[0]);
    const pinnedTab = page.getByRole("tab", { name: /^solo e2e/ });
    await pinnedTab.waitFor();
    // Hydrated: the tab no longer reads "restoring".
    await page.waitForFunction(
      () => !document.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.includes("restoring"),
      undefined,
      { timeout: FACT_TIMEOUT },
    );
    // Pinned from the keyboard: the button is in the Tab order and toggles with Enter.
    const pin = page.getByRole("button", { name: "Pin tab" });
    await pin.focus();
    await page.keyboard.press("Enter");
    expect(await pin.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => pinnedTab.textContent()).toContain("pinned");

    // Four more tabs: more than the warm limit (3 unpinned tabs, the shown one included).
    for (let i = 1; i < scenarios.length; i++) {
      await openByLink(page, ids[i], `${scenarios[i]} e2e`);
      await page.waitForFunction(
        () =>
          !document.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.includes("restoring"),
        undefined,
        { timeout: FACT_TIMEOUT },
      );
    }
    const evicted = page.getByRole("tab", { name: /^approval e2e/ });
    await expect.poll(() => evicted.textContent()).toContain("suspended");
    // Released, the tab keeps its session's capsule: the approval it waits on.
    expect(await evicted.textContent()).toContain("needs decision");
    expect(await pinnedTab.textContent()).toContain("pinned");
    expect(await pinnedTab.textContent()).not.toContain("suspended");
    expect(await page.getByRole("tab", { name: /^retry e2e/ }).textContent()).toContain("recent");
    // Pinned + three unpinned hold hydrated detail; the suspended one does not.
    const facts = page.getByRole("region", { name: "Session restore and resources" });
    await expect
      .poll(async () => (await facts.textContent()) ?? "", { timeout: 5000 })
      .toContain("tabs.hydrated_detail_count4");
    // Four sessions keep their state, but only the shown one has a conversation mounted.
    await expect
      .poll(async () => (await facts.textContent()) ?? "", { timeout: 5000 })
      .toMatch(/message_lists\.mounted_count1(?!\d)/);
    await expectNoAxeViolations(page, "pinned and suspended tabs");

    // Back to the pinned tab: its state is there at once, it never reads "restoring".
    const pinnedNames = await watchTab(page, "solo e2e");
    await pinnedTab.click();
    await page.getByRole("tab", { name: /^solo e2e/, selected: true }).waitFor();
    await expect.poll(() => facts.textContent()).toContain("session.click_to_shell_ms");
    expect((await pinnedNames()).some((n) => n.includes("restoring"))).toBe(false);

    // Back to the suspended tab: it is restored from the gateway (restoring, then shown).
    const evictedNames = await watchTab(page, "approval e2e");
    await evicted.click();
    await page.waitForFunction(
      () => !document.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.includes("restoring"),
      undefined,
      { timeout: FACT_TIMEOUT },
    );
    expect((await evictedNames()).some((n) => n.includes("restoring"))).toBe(true);
    await expect.poll(() => facts.textContent()).toContain("session.detail_request_ms");
    expect(await pinnedTab.textContent()).toContain("pinned");
    await expectNoAxeViolations(page, "a restored tab");

    // The timeline panel of the restored session: nothing of it waits once it is laid out (PERF-04).
    await page.getByRole("tab", { name: "timeline" }).click();
    await page.getByRole("region", { name: "Process timeline" }).waitFor();
    await expect.poll(() => facts.textContent()).toContain("deferred.timeline_pending_count0");
    await page.close();
  });
});
