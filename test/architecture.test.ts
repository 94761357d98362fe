// The surfaces and the client project facts; they never state them (ARCH-06, ARCH-08). A syntax-level check
// over the sources of @agent-ui/react, @agent-ui/client and the workbench: no code builds a runtime-owned
// event (`{ type: "tool.result" … }`), assigns a status, verdict, decision, permission mode or risk onto any
// object, or reads documentation files at run time. The checker is itself tested on offending snippets.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { EVENT_CLASSES } from "@agent-ui/contracts";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SURFACES = ["packages/react/src", "packages/client/src", "apps/workbench/src"];
const PROJECTION = ["packages/projection/src", "packages/contracts/src"];

/** Families whose facts only the runtime (or its policy and evidence systems) states. */
const RUNTIME_OWNED = EVENT_CLASSES.filter((type) =>
  /^(run|tool|action|task|agent|team|worker|review|artifact|evidence|permission|queue|plan|text|reasoning|context)\./.test(
    type,
  ),
);
/** Fields of projected state that carry runtime truth. */
const OWNED_FIELDS = new Set([
  "status",
  "verdict",
  "verification",
  "decision",
  "mode",
  "riskLevel",
  "runtimeStatus",
]);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** Every place in `text` where a surface states a runtime fact, as `line: what`. */
function ownedFactWrites(name: string, text: string): string[] {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(file) === "type" &&
      ts.isStringLiteralLike(node.initializer) &&
      (RUNTIME_OWNED as readonly string[]).includes(node.initializer.text)
    )
      found.push(`${where(node)}: builds a ${node.initializer.text} event`);
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      (ts.isPropertyAccessExpression(node.left) || ts.isElementAccessExpression(node.left))
    ) {
      const field = ts.isPropertyAccessExpression(node.left)
        ? node.left.name.text
        : ts.isStringLiteralLike(node.left.argumentExpression)
          ? node.left.argumentExpression.text
          : "";
      if (OWNED_FIELDS.has(field)) found.push(`${where(node)}: assigns .${field}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Imports or reads of Markdown / documentation files (ARCH-08). */
function documentReads(text: string): string[] {
  return [
    ...text.matchAll(/(?:import|require|readFile\w*)\s*\(?[^;\n]*["'`][^"'`]*\.(?:md|mdx|markdown)["'`]/g),
  ].map((m) => m[0]);
}

describe("ARCH-06 / ARCH-08 surfaces project facts, never state them", () => {
  it("ARCH-06 the checker finds an event built, a status or verdict assigned, in any form", () => {
    const bad = [
      'const e = { type: "action.resolved", payload: { decision: "approve" } };',
      "action.status = 'approved';",
      'evidence["verification"] = [{ status: "passed" }];',
      "state.permissions.mode = 'auto';",
      "record.riskLevel = computeRisk(text);",
    ].join("\n");
    expect(ownedFactWrites("bad.tsx", bad)).toEqual([
      "1: builds a action.resolved event",
      "2: assigns .status",
      "3: assigns .verification",
      "4: assigns .mode",
      "5: assigns .riskLevel",
    ]);
    expect(
      ownedFactWrites("ok.tsx", 'const w = { kind: "approve", actionId }; const s = a.status === "x";'),
    ).toEqual([]);
  });

  it.each(SURFACES)("ARCH-06 %s states no runtime-owned fact", (dir) => {
    const files = sourceFiles(dir);
    expect(files.length).toBeGreaterThan(3);
    const findings = files.flatMap((path) =>
      ownedFactWrites(path, readFileSync(join(ROOT, path), "utf8")).map((f) => `${path}:${f}`),
    );
    expect(findings).toEqual([]);
  });

  it("ARCH-08 the checker finds a documentation file read or imported", () => {
    expect(documentReads('import policy from "./POLICY.md";\nreadFileSync("docs/rules.md")')).toHaveLength(2);
    expect(documentReads('const x = "README";')).toEqual([]);
  });

  it.each([...SURFACES, ...PROJECTION])("ARCH-08 %s derives nothing from documentation files", (dir) => {
    const findings = sourceFiles(dir).flatMap((path) =>
      documentReads(readFileSync(join(ROOT, path), "utf8")).map((f) => `${path}: ${f}`),
    );
    expect(findings).toEqual([]);
  });
});
