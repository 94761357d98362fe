// End to end in Chromium: `@` autocomplete in the composer against the demo runtime. The teammate comes
// from the runtime's own facts; picking it sends its stable id as `contextRefs`; the runtime's user message
// is then rendered (COMP-01/02).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, browserAvailable, browserRequired, skipReason, startHarness } from "./browser";

const runBrowser = browserAvailable || browserRequired;
if (!runBrowser) console.warn(`[composer e2e] ${skipReason}`);

const FACT_TIMEOUT = 45_000;

/** The agentId the runtime gave the teammate called `name` (from the gateway's event log). */
async function agentIdOf(h: Harness, sessionId: string, name: string): Promise<string | undefined> {
  const response = await fetch(`${h.server.url}/api/sessions/${sessionId}/events.json?after=0&limit=5000`);
  const body = (await response.json()) as {
    entries: { event: { agentId?: string; payload?: { agentName?: string } } }[];
  };
  return body.entries.find((e) => e.event.payload?.agentName === name)?.event.agentId;
}

describe.skipIf(!runBrowser)("composer mentions in Chromium", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  it("COMP-02 type @, pick a teammate with the keyboard, send: the command carries its id and the runtime's user message appears", async () => {
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
    await page.getByRole("button", { name: "Send" }).click();
    const command = JSON.parse((await sent).postData() ?? "{}") as { kind?: string; contextRefs?: string[] };
    const researcher = await agentIdOf(h, id, "Researcher");
    expect(researcher).toBeTruthy();
    expect(command).toMatchObject({ kind: "send", contextRefs: [researcher] });

    // The runtime confirmed the message (no longer optimistic); the draft and its chip are cleared.
    await page
      .locator('article[data-role="user"]:not(.aui-optimistic)')
      .filter({ hasText: "double-check the sources" })
      .waitFor({ timeout: FACT_TIMEOUT });
    expect(await input.inputValue()).toBe("");
    expect(await page.getByRole("list", { name: "Attached context" }).count()).toBe(0);
    await page.close();
  }, 120_000);
});
