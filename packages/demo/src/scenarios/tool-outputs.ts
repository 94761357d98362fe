// Realistic, deterministic large tool outputs: a test-run log (~35 KB) and a source file listing (48 KB).
// The runtime hands them out behind an `outputRef` with a short preview, sending the body beside the ref,
// so the gateway keeps it for `open_detail` (TOOL-03, ARCH-03).
import { createRng } from "../text";

const FILES = [
  "contracts/test/envelope.test.ts",
  "adapters/test/lime.test.ts",
  "projection/test/text.test.ts",
  "projection/test/tool.test.ts",
  "projection/test/team.test.ts",
  "client/test/session-client.test.ts",
  "server/test/demo-runtime.test.ts",
  "react/test/tool-row.test.tsx",
];
const CASES = [
  "final text replaces streamed deltas",
  "a duplicate event is ignored",
  "a tool without a terminal is closed at turn end",
  "an approval stays pending until answered",
  "queued input is not a steer",
  "lineage survives hydration",
  "an offloaded output keeps its preview",
  "secrets never reach the projection",
];

export interface TestLog {
  text: string;
  passed: number;
  files: number;
}

export function testRunLog(seed: number, testsPerFile = 96): TestLog {
  const rng = createRng(seed);
  const lines = [" RUN  v4.0.0 /workspace/agent-ui", ""];
  let passed = 0;
  for (const file of FILES) {
    lines.push(` ✓ packages/${file} (${testsPerFile} tests) ${rng.int(40, 900)}ms`);
    for (let i = 0; i < testsPerFile; i++) {
      passed += 1;
      const name = CASES[(i + file.length) % CASES.length];
      lines.push(`   ✓ ${name} #${i + 1} ${rng.int(0, 12)}ms`);
    }
  }
  lines.push(
    "",
    ` Test Files  ${FILES.length} passed (${FILES.length})`,
    `      Tests  ${passed} passed (${passed})`,
  );
  return { text: lines.join("\n"), passed, files: FILES.length };
}

const SOURCE_BLOCK = [
  "/** One text part per message: deltas append while streaming (TEXT-02). */",
  "export function appendDelta(part: TextPart, delta: string): void {",
  '  if (part.status === "done") return; // a late delta never reopens a finished part',
  "  part.chunks.push(delta);",
  "  part.length += delta.length;",
  "}",
  "",
  "/** The final text replaces the streamed text instead of being appended (TEXT-04). */",
  "export function completeText(part: TextPart, text: string): void {",
  "  part.chunks = [text];",
  "  part.length = text.length;",
  '  part.status = "done";',
  "}",
  "",
];

/** A source file listing of exactly `bytes` bytes (ASCII), numbered by block like a long module. */
export function sourceListing(path: string, bytes: number): string {
  const lines = [`// ${path}`, ""];
  let size = lines.join("\n").length;
  for (let block = 1; size < bytes; block++) {
    for (const line of SOURCE_BLOCK) {
      const text = line.replace("TextPart", block === 1 ? "TextPart" : `TextPart${block}`);
      lines.push(text);
      size += text.length + 1;
    }
  }
  return lines.join("\n").slice(0, bytes);
}
