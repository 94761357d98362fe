// Per-turn habits in a real browser against the demo runtime: the usage line under an answer, regenerate
// and edit-and-resend as controlled writes (the new messages appear only once the runtime says them), and
// Escape closing the phone drawers with focus back on their opener.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./axe";
import { loggedEvents, runBrowser, useHarness } from "./browser";

const FACT_TIMEOUT = 45_000;
const answers = (page: Page) => page.locator("article[data-role='assistant']");
const userMessages = (page: Page) => page.locator("article[data-role='user']");

describe.skipIf(!runBrowser)("answers and their turns in Chromium", () => {
  const harness = useHarness();

  it("PERF-08 an answer shows its turn's usage; the exact numbers show on keyboard focus", async () => {
    const h = harness();
    const page = await h.open(await h.createSession("solo", { pace: 0 }));
    const line = page.locator("[data-usage-line]").last();
    await line.waitFor({ timeout: FACT_TIMEOUT });
    // The solo runtime records the turn's cost after its answer: $0.0142.
    expect(await line.textContent()).toContain("$0.0142");
    const tip = page.getByRole("tooltip").last();
    expect(await tip.isVisible()).toBe(false);
    await line.focus();
    await tip.waitFor({ state: "visible" });
    expect(await tip.textContent()).toMatch(/Cost recorded\s*\$0\.0142/);
    await expectNoAxeViolations(page, "answer with its usage shown");
    await page.close();
  }, 90_000);

  it("CTRL-01 regenerate runs the turn again: a new answer appears once the runtime says it; edit and resend sends the edited text", async () => {
    const h = harness();
    const id = await h.createSession("solo", { pace: 0 });
    const page = await h.open(id);
    await page.getByText("Completed", { exact: true }).waitFor({ timeout: FACT_TIMEOUT });
    const before = await answers(page).count();
    const userBefore = await userMessages(page).count();
    await page.getByRole("button", { name: "Regenerate" }).click();
    await page.waitForFunction(
      (n) => document.querySelectorAll("article[data-role='assistant']").length > n,
      before,
      { timeout: FACT_TIMEOUT },
    );
    await page.getByText("Completed", { exact: true }).waitFor({ timeout: FACT_TIMEOUT });
    const events = await loggedEvents(h, id);
    // Two runs, each with its own turn: the regenerate is a new turn, the first answer stays as said.
    const runs = new Set(events.filter((e) => e.type === "run.started").map((e) => e.turnId));
    expect(runs.size).toBe(2);

    const first = userMessages(page).first();
    await first.getByRole("button", { name: "Edit and resend" }).click();
    const box = first.getByRole("textbox", { name: "Edit message" });
    await box.fill("Run only the unit tests, please.");
    await first.getByRole("button", { name: "Resend" }).click();
    // The runtime's user message (not the optimistic copy shown while sending) is the newest one.
    await page
      .locator("article[data-role='user']:not(.aui-optimistic)", {
        hasText: "Run only the unit tests, please.",
      })
      .last()
      .waitFor({ timeout: FACT_TIMEOUT });
    expect(await userMessages(page).count()).toBeGreaterThan(userBefore + 1);
    await expectNoAxeViolations(page, "after regenerate and edit-and-resend");
    await page.close();
  }, 120_000);

  it("Escape closes the phone's sessions and panels drawers and focus returns to the button that opened each", async () => {
    const h = harness();
    const id = await h.createSession("solo", { pace: 0 });
    const page = await h.open(id);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const name of ["Sessions", "Panels"]) {
      const opener = page.getByRole("button", { name, exact: true });
      await opener.click();
      const close = page.getByRole("button", { name: "Close the drawer" });
      await close.waitFor();
      await page.keyboard.press("Escape");
      await close.waitFor({ state: "detached" });
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await opener.getAttribute("aria-expanded")).toBe("false");
    }
    await page.close();
  }, 90_000);
});
