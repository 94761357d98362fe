// In Chromium: a markdown answer renders through the lazily loaded renderer, its code fence is highlighted
// by a separate lazy chunk, Copy puts the code on the clipboard, hostile markdown stays inert, and axe finds
// no critical or serious violation in the conversation and the diff.
import { createReadStream, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import react from "@vitejs/plugin-react";
import type { Browser } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../src/node/chromium";
import { axeViolations } from "./axe";
import { runBrowser } from "./browser";

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

describe.skipIf(!runBrowser)("markdown answers in Chromium", () => {
  let dir: string;
  let server: Server;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "agent-ui-md-"));
    await build({
      root: join(import.meta.dirname, "fixtures", "markdown-page"),
      base: "./",
      logLevel: "silent",
      plugins: [react()],
      build: { outDir: dir, emptyOutDir: true },
    });
    server = createServer((req, res) => {
      const path = normalize(decodeURIComponent((req.url ?? "/").split("?")[0])).replace(/^(\.\.[/\\])+/, "");
      const file = join(dir, path === "/" ? "index.html" : path);
      if (!file.startsWith(dir) || !existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      createReadStream(file).pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("renders tables and code, highlights from a lazy chunk, copies code, keeps hostile markdown inert, passes axe", async () => {
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: url.slice(0, -1) });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto(url);
    const answer = page.locator(".aui-answer");
    await answer.locator("table td", { hasText: "build" }).waitFor();
    await answer.locator("code[data-highlighted] .hljs-keyword").first().waitFor();
    expect(await answer.locator(".hljs-keyword").first().textContent()).toBe("const");
    // The renderer and the highlighter are their own chunks, fetched after the page's entry script.
    const names = scripts.map((s) => s.split("/").pop() ?? "");
    expect(names.some((n) => n.startsWith("render-"))).toBe(true);
    expect(names.some((n) => n.startsWith("highlight-"))).toBe(true);
    expect(names.findIndex((n) => n.startsWith("highlight-"))).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Copy code" }).click();
    await page.getByText("Copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("const answer: number = 42;");

    const links = await answer
      .locator("a")
      .evaluateAll((as) =>
        as.map((a) => [a.getAttribute("href"), a.getAttribute("rel"), a.getAttribute("target")]),
      );
    expect(links).toEqual([["https://example.com/docs", "noopener noreferrer", "_blank"]]);
    expect(await answer.locator("img").count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await answer.textContent()).toContain('<img src=x onerror="window.__pwned=1">');

    const diffAdd = page.locator(".aui-diff-add");
    const colour = await diffAdd.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour).not.toBe("rgba(0, 0, 0, 0)");
    expect(colour).not.toBe(
      await page.locator(".aui-diff-del").evaluate((el) => getComputedStyle(el).backgroundColor),
    );

    expect(await axeViolations(page, { include: "main" })).toEqual([]);
    await context.close();
  });
});
