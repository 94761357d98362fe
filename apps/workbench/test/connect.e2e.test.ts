// The Connect dialog in Chromium: open it from the sessions pane (axe: no critical or serious violation),
// test a URL whose host does not resolve (the error says so), Escape closes it and focus returns to the
// opener; then test and connect to a loopback AG-UI agent, and the session opens live: a message sent from
// the composer is answered in the conversation.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { runBrowser, screenshot, useHarness } from "./browser";

/** An AG-UI agent on loopback: each run answers the last user message ("Ready." when there is none). */
async function agUiAgent(): Promise<{ url: string; server: Server; authorizations: string[] }> {
  const authorizations: string[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      if (req.method !== "POST") return void res.writeHead(405).end();
      authorizations.push(String(req.headers.authorization ?? ""));
      const input = JSON.parse(raw || "{}") as {
        threadId?: string;
        runId?: string;
        messages?: { role: string; content?: string }[];
      };
      const last = (input.messages ?? []).filter((m) => m.role === "user").at(-1);
      const text = last ? `You said: ${last.content}` : "Ready.";
      const threadId = input.threadId ?? "t1";
      const runId = input.runId ?? "r1";
      const messageId = `m-${runId}`;
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const event of [
        { type: "RUN_STARTED", threadId, runId },
        { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId, delta: text },
        { type: "TEXT_MESSAGE_END", messageId },
        { type: "RUN_FINISHED", threadId, runId },
      ])
        res.write(`data: ${JSON.stringify(event)}\n\n`);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`, server, authorizations };
}

describe.skipIf(!runBrowser)("Connect dialog in Chromium", () => {
  const harness = useHarness();
  let agent: Awaited<ReturnType<typeof agUiAgent>>;
  beforeAll(async () => {
    agent = await agUiAgent();
  });
  afterAll(() => {
    agent?.server.closeAllConnections();
    agent?.server.close();
  });

  it("tests a bad URL, connects to a loopback AG-UI agent and opens the session live", async () => {
    const h = harness();
    const page = await h.open(await h.createSession("solo", { autoStart: false }));
    const opener = page.getByRole("button", { name: "Connect an agent…" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Connect an agent" });
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // Focus stays in the modal: Tab never reaches the page behind it.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (active === null || active === document.body) return "nowhere";
        return active.closest("dialog") ? "dialog" : (active.outerHTML.slice(0, 80) as string);
      });
      expect(["dialog", "nowhere"]).toContain(where);
    }

    await dialog.getByLabel("Protocol").selectOption("ag-ui");
    const url = dialog.getByRole("textbox", { name: "Agent URL" });
    await url.fill("http://agent-ui-e2e.invalid/agent");
    await dialog.getByRole("button", { name: "Test connection" }).click();
    const failure = dialog.getByRole("alert");
    await failure.waitFor();
    expect(await failure.textContent()).toMatch(/dns not found.*agent-ui-e2e\.invalid does not resolve/i);
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await opener.evaluate((b) => b === document.activeElement)).toBe(true);

    await opener.click();
    await url.fill(agent.url);
    await dialog
      .getByRole("textbox", { name: "Headers (optional)" })
      .fill("Authorization: Bearer e2e-secret-42x");
    await dialog.getByRole("button", { name: "Test connection" }).click();
    const found = dialog.getByRole("status").filter({ hasText: "Connection works" });
    await found.waitFor();
    expect(await found.textContent()).toContain("AG-UI endpoint answered with an event stream");
    await screenshot(page, "workbench-connect");

    await dialog.getByRole("button", { name: "Connect", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.waitForFunction(() => /^#\/s\/.+/.test(window.location.hash));
    const sessionId = decodeURIComponent((await page.evaluate(() => window.location.hash)).slice(4));
    const record = await fetch(`${h.server.url}/api/sessions/${encodeURIComponent(sessionId)}`, {
      headers: h.auth,
    });
    const { session } = (await record.json()) as { session: { sourceKind: string; config: unknown } };
    expect(session.sourceKind).toBe("ag-ui");
    expect(session.config).toEqual({ url: agent.url, headers: { Authorization: "[redacted:header]" } });

    await page.locator(".aui-answer", { hasText: "Ready." }).first().waitFor();
    const input = page.getByRole("combobox", { name: "Message" });
    await input.fill("Hi agent");
    await input.press("Enter");
    await page.locator(".aui-answer", { hasText: "You said: Hi agent" }).first().waitFor();
    expect(agent.authorizations.at(-1)).toBe("Bearer e2e-secret-42x");
    await page.close();
  }, 60_000);
});
