// The packages as a stranger installs them: every package is packed, a fresh project in the OS temp folder
// installs only those tarballs (plus React, Vite and TypeScript from the registry), and
// (a) examples/vite-react builds with Vite and shows the recorded answer in Chromium,
// (b) examples/node-project projects its stream with plain Node,
// (c) a TypeScript consumer type-checks under moduleResolution node16 and bundler,
// (d) `npx agent-ui --help` runs from the installed CLI.
// The install runs with --ignore-scripts: better-sqlite3 would compile its native binding, which none of
// these checks loads (the CLI loads the server only for `serve` / `start`).
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, launchChromium } from "../apps/workbench/src/node/chromium";
import { serveStatic } from "../apps/workbench/src/node/static-server";
import { ROOT, packAll } from "./support/packages";
import { browserAvailable, browserRequired } from "./support/browser";

const run = promisify(execFile);
const runConsumer = browserAvailable || browserRequired;
if (!runConsumer) console.warn(`[consumer] ${CHROMIUM} not found: consumer tests skipped`);

/** The registry packages the app installs beside the tarballs, at the versions this repository uses. */
const FROM_REGISTRY = [
  "react",
  "react-dom",
  "vite",
  "@vitejs/plugin-react",
  "typescript",
  "@types/react",
  "@types/react-dom",
  "@types/node",
];
const version = (name: string) =>
  (JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string })
    .version;

let dir: string;
let app: string;

async function sh(command: string, args: string[], cwd: string) {
  return run(command, args, { cwd, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
}

describe.runIf(runConsumer)("a fresh project installing the packed tarballs", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "agent-ui-consumer-"));
    app = join(dir, "app");
    mkdirSync(app);
    const tarballs = packAll(join(dir));
    writeFileSync(
      join(app, "package.json"),
      JSON.stringify({ name: "consumer", private: true, type: "module" }),
    );
    await sh(
      "npm",
      [
        "install",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        "--loglevel=error",
        ...tarballs.map((t) => t.tarball),
        ...FROM_REGISTRY.map((name) => `${name}@${version(name)}`),
      ],
      app,
    );
    cpSync(join(ROOT, "examples", "vite-react"), join(app, "vite-react"), {
      recursive: true,
      filter: skipBuilt,
    });
    cpSync(join(ROOT, "examples", "node-project"), join(app, "node-project"), {
      recursive: true,
      filter: skipBuilt,
    });
    cpSync(join(ROOT, "test", "consumer"), join(app, "types"), { recursive: true });
  }, 300_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("(a) builds examples/vite-react with Vite and shows the answer in Chromium", async () => {
    await sh(
      process.execPath,
      [join(app, "node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "error"],
      join(app, "vite-react"),
    );
    const server = await serveStatic(join(app, "vite-react", "dist"));
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(server.url);
      await page.getByText("The build is green: all 8 packages passed.").waitFor({ timeout: 20_000 });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
    }
  }, 180_000);

  it("(b) projects a recorded stream from a Node ESM script (examples/node-project)", async () => {
    const { stdout } = await sh(process.execPath, ["project.mjs"], join(app, "node-project"));
    expect(stdout).toContain("format: ag-ui");
    expect(stdout).toContain("status: completed");
    expect(stdout).toContain("answer: The build is green: all 8 packages passed.");
  }, 60_000);

  it.each(["node16", "bundler"])(
    "(c) type-checks a TypeScript consumer under moduleResolution %s",
    async (mode) => {
      const tsc = join(app, "node_modules", "typescript", "bin", "tsc");
      const result = await sh(
        process.execPath,
        [tsc, "-p", `tsconfig.${mode}.json`],
        join(app, "types"),
      ).catch((error: { stdout: string }) => ({ stdout: error.stdout, failed: true }));
      expect(result.stdout).toBe("");
    },
    120_000,
  );

  it("(d) runs `npx agent-ui --help` from the installed CLI", async () => {
    const { stdout } = await sh("npx", ["--no-install", "agent-ui", "--help"], app);
    expect(stdout).toContain("Usage: agent-ui <command> [options]");
    expect(stdout).toMatch(/^\s+serve\s+Run the gateway/m);
  }, 60_000);
});

function skipBuilt(source: string): boolean {
  return !/[\\/](node_modules|dist)([\\/]|$)/.test(source);
}
