// End to end in Chromium: `@` autocomplete in the composer against the demo runtime. The teammate comes
// from the runtime's own facts; picking it sends its stable id as `contextRefs`; the runtime's user message
// is then rendered (COMP-01/02).
import { describe, expect, it } from "vitest";
import { loggedEvents, runBrowser, useHarness } from "./browser";

const FACT_TIMEOUT = 45_000;

describe.skipIf(!runBrowser)("composer mentions in Chromium", () => {
  const harness = useHarness();

  it("COMP-02 type @, pick a teammate with the keyboard, send: the command carries its id and the runtime's user message appears", async () => {
    const h = harness();
    const id = await h.createSession("team", { pace: 0 });
    const page = await h.open(id);
    const approve = page.getByRole("region", { name: /^Action / }).getByRole("button", { name: "Approve" });
    await approve.waitFor({ timeout: FACT_TIMEOUT });
    await approve.click();
    await page.getByText("Completed", { exact: true }).waitFor({ timeout: FACT_TIMEOUT });

    const input = page.getByRole("combobox", { name: "Message" });
    await input.click();
    await input.pressSequentially("Ask @resea");
    expect(await input.getAttribute("aria-expanded")).toBe("true");
    const listbox = page.getByRole("listbox", { name: "Mention suggestions" });
    const option = listbox.getByRole("option", { name: /Researcher/ });
    expect(await option.getAttribute("aria-selected")).toBe("true");
    expect(await input.getAttribute("aria-activedescendant")).toBe(await option.getAttribute("id"));
    await input.press("Enter");
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    await input.pressSequentially("to double-check the sources");
    expect(await input.inputValue()).toBe("Ask @Researcher to double-check the sources");
    await page.getByRole("list", { name: "Attached context" }).getByText("Researcher").waitFor();

    const sent = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/commands"));
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const command = JSON.parse((await sent).postData() ?? "{}") as { kind?: string; contextRefs?: string[] };
    const researcher = (await loggedEvents(h, id)).find(
      (e) => (e.payload as { agentName?: string } | undefined)?.agentName === "Researcher",
    )?.agentId;
    expect(researcher).toBeTruthy();
    expect(command).toMatchObject({ kind: "send", contextRefs: [researcher] });

    // The runtime confirmed the message (no longer optimistic); the draft and its chip are cleared.
    await page
      .locator('article[data-role="user"]:not(.aui-optimistic)')
      .filter({ hasText: "double-check the sources" })
      .waitFor({ timeout: FACT_TIMEOUT });
    // The runtime's own user message says what context it was sent with (COMP-02), by the teammate's name.
    await page
      .locator('article[data-role="user"]:not(.aui-optimistic)')
      .filter({ hasText: "double-check the sources" })
      .getByRole("list", { name: "Sent with context" })
      .getByText("Researcher")
      .waitFor({ timeout: FACT_TIMEOUT });
    expect(await input.inputValue()).toBe("");
    expect(await page.getByRole("list", { name: "Attached context" }).count()).toBe(0);
    // PERF-01: the send's own latency marks, measured in this browser, sit beside the diagnostics.
    const latency = page.getByRole("region", { name: "Last send latency" });
    await latency.waitFor({ timeout: FACT_TIMEOUT });
    // The status mark lands when the runtime's status fact is painted, which a loaded machine may delay.
    await expect
      .poll(async () => latency.textContent(), { timeout: FACT_TIMEOUT, interval: 100 })
      .toMatch(/send → status\d+ ms/);
    await page.close();
  }, 120_000);
});
