// ENV-08: provider-specific parsing stays in the adapters. The React surfaces and the workbench read the
// projection's types only: no source under packages/react/src or apps/workbench/src imports an adapter,
// a connector or a peer's SDK.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/packages";

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"\s]+)"|\bimport\(\s*"([^"\s]+)"\s*\)|(?:^|\n)\s*import\s*"([^"\s]+)"/g;

/** Packages that parse a provider's wire format: ours (adapters, connectors) and the peers' SDKs. */
const PROVIDER_PARSING = [
  /^@agent-ui\/(adapters|connectors)(\/|$)/,
  /^@ag-ui\//,
  /^ai$/,
  /^@ai-sdk\//,
  /^@a2a-js\//,
  /^@langchain\//,
  /^@anthropic-ai\//,
  /^@openai\//,
  /^openai$/,
  /^@modelcontextprotocol\//,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.(ts|tsx)$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
}

function providerImports(text: string): string[] {
  return importsOf(text).filter((s) => PROVIDER_PARSING.some((p) => p.test(s)));
}

describe("ENV-08 surfaces import no provider parsing", () => {
  it("ENV-08 the checker finds an adapter or a peer SDK imported, in any import form", () => {
    expect(providerImports('import { limeAdapter } from "@agent-ui/adapters";')).toEqual([
      "@agent-ui/adapters",
    ]);
    expect(
      providerImports('export * from "@ag-ui/core";\nconst m = import("@langchain/langgraph");'),
    ).toEqual(["@ag-ui/core", "@langchain/langgraph"]);
    expect(providerImports('import "ai";\nimport type { X } from "@agent-ui/contracts";')).toEqual(["ai"]);
  });

  for (const dir of ["packages/react/src", "apps/workbench/src"]) {
    it(`ENV-08 ${dir} reads projection types only: no adapter, connector or peer SDK import`, () => {
      const files = sources(join(ROOT, dir));
      const found = files.flatMap((file) =>
        providerImports(readFileSync(file, "utf8")).map((s) => `${relative(ROOT, file)}: ${s}`),
      );
      expect(found).toEqual([]);
      const all = files.flatMap((file) => importsOf(readFileSync(file, "utf8")));
      expect(all).toContain("@agent-ui/contracts");
    });
  }
});
