// The built page's script tags (vite.config.ts): a small entry that runs as soon as it arrives and asks
// for the route's hydration window, and the workbench chunk fetched beside it, not after it; together at
// most the initial JS target (the surfaces a first screen does not show load later, in chunks of their own).
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ensureWorkbenchBuilt } from "@agent-ui/workbench/build";
import { beforeAll, describe, expect, it } from "vitest";
import { INITIAL_JS_TARGET_KB, initialJs } from "../bench/initial-js";

describe("the built page's entry", () => {
  let dir = "";
  let html = "";
  beforeAll(async () => {
    dir = (await ensureWorkbenchBuilt()).dir;
    html = readFileSync(join(dir, "index.html"), "utf8");
  }, 120_000);

  it("HYD-02 PERF-05: one async module entry, small, that asks for the window itself", () => {
    const entries = [...html.matchAll(/<script([^>]*)src="([^"]+)"[^>]*><\/script>/g)];
    expect(entries).toHaveLength(1);
    const [, attributes, src] = entries[0];
    // `async`: it waits neither for the stylesheet nor for the end of parsing.
    expect(attributes).toMatch(/type="module"/);
    expect(attributes).toMatch(/\basync\b/);
    const entry = join(dir, src);
    expect(statSync(entry).size).toBeLessThan(16 * 1024);
    expect(readFileSync(entry, "utf8")).toContain("/snapshot");
  });

  it("HYD-02 PERF-05: the workbench chunk and its imports are preloaded beside the entry", () => {
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    const workbench = preloaded.find((file) => /start-app-[^/]+\.js$/.test(file));
    expect(workbench).toBeDefined();
    // React itself comes with it (its chunk is imported by the workbench chunk, not by the entry).
    const imports = [...readFileSync(join(dir, workbench as string), "utf8").matchAll(/from"\.\/([^"]+)"/g)];
    expect(imports.length).toBeGreaterThan(0);
    for (const [, file] of imports) {
      if (html.includes(`src="./assets/${file}"`)) continue;
      expect(preloaded).toContain(`./assets/${file}`);
    }
  });

  it(`PERF-05: the entry and the preloaded chunks are at most ${INITIAL_JS_TARGET_KB} KB gzip`, () => {
    const js = initialJs(dir);
    expect(js.files.some((file) => /start-app-[^/]+\.js$/.test(file))).toBe(true);
    expect(js.gzipBytes / 1024).toBeLessThanOrEqual(INITIAL_JS_TARGET_KB);
  });

  it("PERF-05: the connect dialog, the latency facts and the full-page states are not preloaded", () => {
    const { files } = initialJs(dir);
    for (const lazy of ["connect-dialog", "latency-facts", "gateway-pages"])
      expect(files.filter((file) => file.includes(lazy))).toEqual([]);
  });
});
