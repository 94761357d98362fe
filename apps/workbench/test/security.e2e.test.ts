// The gateway as a hostile web page meets it in Chromium: a page served from another origin (a second
// loopback server on another port) can neither create a session, approve, nor read — by fetch, a no-cors
// text/plain post, a form post or a WebSocket, even holding the token — and a page reached through a
// foreign host name that resolves to 127.0.0.1 (DNS rebinding) is refused. The workbench itself works from
// the printed URL with its token, and after a reload.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ControlCommand } from "@agent-ui/contracts";
import { demoSource } from "@agent-ui/demo";
import { type RunningServer, startServer } from "@agent-ui/server";
import { ensureWorkbenchBuilt } from "@agent-ui/workbench/build";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../src/node/chromium";
import { runBrowser } from "./browser";

const REBIND_HOST = "rebind.attacker.test";

describe.skipIf(!runBrowser)("gateway against a hostile page in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let attacker: Server;
  let attackerUrl: string;
  let dataDir: string;
  const commands: ControlCommand[] = [];

  beforeAll(async () => {
    const { dir } = await ensureWorkbenchBuilt();
    dataDir = mkdtempSync(join(tmpdir(), "agent-ui-e2e-sec-"));
    server = await startServer({ port: 0, dataDir, staticDir: dir, sources: [demoSource] });
    const gateway = server.gateway;
    const command = gateway.command.bind(gateway);
    gateway.command = async (c) => {
      commands.push(c);
      return command(c);
    };
    attacker = createServer((_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>attacker</title>"),
    );
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
    browser = await launchChromium([`--host-resolver-rules=MAP ${REBIND_HOST} 127.0.0.1`]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    attacker?.close();
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function pendingApproval(): Promise<{ sessionId: string; actionId: string }> {
    const auth = { authorization: `Bearer ${server.token}`, "content-type": "application/json" };
    const created = await fetch(`${server.url}/api/sessions`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ source: "demo", scenario: "approval" }),
    });
    const sessionId = ((await created.json()) as { session: { id: string } }).session.id;
    for (let i = 0; i < 300; i++) {
      const page = await fetch(`${server.url}/api/sessions/${sessionId}/events.json?after=0&limit=5000`, {
        headers: auth,
      });
      const { entries } = (await page.json()) as {
        entries: { event: { type: string; actionId?: string } }[];
      };
      const requested = entries.find((e) => e.event.type === "action.required" && e.event.actionId);
      if (requested) return { sessionId, actionId: requested.event.actionId as string };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the approval scenario never asked for an approval");
  }

  it("SEC a page on another origin cannot create, approve or read — fetch, no-cors text/plain, form post, WebSocket", async () => {
    const { sessionId, actionId } = await pendingApproval();
    const sessionsBefore = (await server.gateway.store.listSessions()).length;
    const page = await browser.newPage();
    await page.goto(attackerUrl);
    const outcome = await page.evaluate(
      async ({ gateway, sessionId, actionId, token }) => {
        const approve = JSON.stringify({
          kind: "respond_action",
          sessionId,
          actionId,
          decision: "approve",
          idempotencyKey: `evil-${Math.random()}`,
        });
        const create = JSON.stringify({ source: "demo", scenario: "solo" });
        const results: Record<string, string> = {};
        const attempt = async (name: string, run: () => Promise<Response>) => {
          try {
            const response = await run();
            results[name] = `${response.type}:${response.status}:${await response.text().catch(() => "")}`;
          } catch (error) {
            results[name] = `threw:${(error as Error).name}`;
          }
        };
        // Simple requests: no preflight, the browser sends them and only hides the answer.
        for (const [name, path, body] of [
          ["create", "/api/sessions", create],
          ["approve", `/api/sessions/${sessionId}/commands`, approve],
        ] as const) {
          await attempt(`${name}-no-cors`, () =>
            fetch(`${gateway}${path}`, {
              method: "POST",
              mode: "no-cors",
              headers: { "content-type": "text/plain" },
              body,
            }),
          );
          // Even with a leaked token in the URL: a write never takes ?token=.
          await attempt(`${name}-no-cors-query-token`, () =>
            fetch(`${gateway}${path}?token=${token}`, {
              method: "POST",
              mode: "no-cors",
              headers: { "content-type": "text/plain" },
              body,
            }),
          );
          await attempt(`${name}-cors-json`, () =>
            fetch(`${gateway}${path}`, {
              method: "POST",
              headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
              body,
            }),
          );
        }
        await attempt("read", () => fetch(`${gateway}/api/sessions`));
        await attempt("read-with-token", () =>
          fetch(`${gateway}/api/sessions`, { headers: { authorization: `Bearer ${token}` } }),
        );
        // A form post with a text/plain body that parses as JSON (the classic CSRF), into a hidden frame.
        const frame = document.createElement("iframe");
        frame.name = "sink";
        document.body.append(frame);
        const form = document.createElement("form");
        form.method = "POST";
        form.enctype = "text/plain";
        form.target = "sink";
        form.action = `${gateway}/api/sessions/${sessionId}/commands`;
        const field = document.createElement("input");
        field.name = approve.slice(0, -1);
        field.value = "}";
        form.append(field);
        document.body.append(form);
        const loaded = new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
        form.submit();
        await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 3000))]);
        // Cross-site WebSocket hijacking, holding the token as the workbench sends it.
        const hex = Array.from(new TextEncoder().encode(token), (b) => b.toString(16).padStart(2, "0")).join(
          "",
        );
        results.websocket = await new Promise<string>((resolve) => {
          const socket = new WebSocket(
            `${gateway.replace(/^http/, "ws")}/api/sessions/${sessionId}/ws?after=0`,
            ["agent-ui", `agent-ui.token.${hex}`],
          );
          socket.onmessage = () => resolve("read a frame");
          socket.onerror = () => resolve("refused");
          setTimeout(() => resolve("timeout"), 5000);
        });
        return results;
      },
      { gateway: server.url, sessionId, actionId, token: server.token as string },
    );
    await page.close();
    // The page never reads an answer: a no-cors answer is opaque (or, with the gateway's
    // Cross-Origin-Resource-Policy, a network error); cross-origin reads and JSON writes fail CORS.
    for (const [key, value] of Object.entries(outcome).filter(([k]) => k !== "websocket"))
      expect({ key, readable: !["opaque:0:", "threw:TypeError"].includes(value) }).toEqual({
        key,
        readable: false,
      });
    expect(Object.keys(outcome)).toHaveLength(9);
    expect(outcome.websocket).toBe("refused");
    // Nothing happened: no write reached the gateway, no session was created.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(commands).toEqual([]);
    expect((await server.gateway.store.listSessions()).length).toBe(sessionsBefore);
  }, 120_000);

  it("SEC a foreign host name resolving to 127.0.0.1 (DNS rebinding) gets neither the workbench nor the API", async () => {
    const page = await browser.newPage();
    const port = new URL(server.url).port;
    const html = await page.goto(`http://${REBIND_HOST}:${port}/`);
    expect(html?.status()).toBe(403);
    const api = await page.goto(`http://${REBIND_HOST}:${port}/api/sessions`);
    expect(api?.status()).toBe(403);
    expect(await api?.json()).toMatchObject({ error: { code: "host_not_allowed" } });
    await page.close();
  });

  it("SEC the workbench works from the printed URL with its token, strips it from the address bar, and after a reload", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(server.accessUrl);
    // The session list loads only with the token.
    await page
      .getByRole("navigation", { name: "Sessions list" })
      .getByRole("listitem")
      .first()
      .waitFor({ timeout: 30_000 });
    expect(page.url().startsWith(`${server.url}/`)).toBe(true);
    expect(page.url()).not.toContain("token");
    const { sessionId } = await pendingApproval();
    await page.goto(`${server.url}/#/s/${sessionId}`);
    await page.reload();
    const approve = page.getByRole("region", { name: /^Action / }).getByRole("button", { name: "Approve" });
    await approve.waitFor({ timeout: 45_000 });
    await approve.click();
    await page
      .getByText(/Resolved by runtime: approve|decision \(approve/)
      .first()
      .waitFor({ timeout: 45_000 });
    expect(commands.some((c) => c.kind === "respond_action" && c.sessionId === sessionId)).toBe(true);
    // No request was refused and the CSP blocked nothing the workbench needs.
    expect(errors.filter((e) => /Content Security Policy|401|403|415/.test(e))).toEqual([]);
    await page.close();
  }, 120_000);
});
