// SEC-01/02/03 one redaction policy: any covered secret planted anywhere in any field of any supported
// input format never reaches `agent-ui project` or `agent-ui validate` output (stdout or stderr).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anySecret, leakedNeedle } from "../../contracts/test/secret-corpus";
import type { CommandIO } from "../src/command";
import { main } from "../src/main";
import { FORMAT_TEMPLATES, jsonl, leaves, renameKey, replaceLeaf } from "./format-templates";

async function run(args: string[], stdin: string): Promise<string> {
  const out: string[] = [];
  const io: CommandIO = {
    stdout: (text) => out.push(text),
    stderr: (text) => out.push(text),
    stdin: () => [stdin],
  };
  const code = await main(args, io);
  expect([0, 1, 2]).toContain(code);
  return out.join("\n");
}

const leafPaths = FORMAT_TEMPLATES.map(({ records }) =>
  records.flatMap((record, index) => leaves(record).map((path) => ({ index, path }))),
);

/** Plants the secret into the leaf: inside a string at `at`, or in place of a number, boolean or null. */
const planter = (secret: string, at: number) => (old: unknown) =>
  typeof old === "string"
    ? `${old.slice(0, at % (old.length + 1))} ${secret} ${old.slice(at % (old.length + 1))}`
    : secret;

describe("SEC-01/02 no secret reaches CLI output, whatever the format and field", () => {
  it("project (JSON and --summary) and validate (lines and --json), every format", async () => {
    await fc.assert(
      fc.asyncProperty(
        anySecret,
        fc.nat(FORMAT_TEMPLATES.length - 1),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        async (secret, t, leaf, at, auto) => {
          const { format, records } = FORMAT_TEMPLATES[t];
          const { index, path } = leafPaths[t][leaf % leafPaths[t].length];
          const input = jsonl(replaceLeaf(records, index, path, planter(secret.text, at)));
          const from = auto ? "auto" : format;
          for (const args of [
            ["project", "--from", from, "-"],
            ["project", "--summary", "--from", from, "-"],
            ["validate", "--from", from, "-"],
            ["validate", "--json", "--from", from, "-"],
          ]) {
            const output = await run(args, input);
            expect(
              leakedNeedle(secret, output),
              `${args.join(" ")} ${format} #${index} ${path.join("/")}`,
            ).toBeUndefined();
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it("a secret in a key (of a record, or of JSON text inside a field) never reaches output", async () => {
    await fc.assert(
      fc.asyncProperty(
        anySecret,
        fc.nat(FORMAT_TEMPLATES.length - 1),
        fc.nat(),
        fc.nat(),
        async (secret, t, leaf, at) => {
          const { format, records } = FORMAT_TEMPLATES[t];
          const { index, path } = leafPaths[t][leaf % leafPaths[t].length];
          const input = jsonl(
            renameKey(records, index, path, planter(secret.text, at) as (k: string) => string),
          );
          for (const args of [
            ["project", "--from", format, "-"],
            ["validate", "--json", "--from", format, "-"],
          ]) {
            const output = await run(args, input);
            expect(
              leakedNeedle(secret, output),
              `${args.join(" ")} ${format} #${index} key of ${path.join("/")}`,
            ).toBeUndefined();
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it("tool arguments (JSON text) whose field name is a secret are shown with the name redacted", async () => {
    const secret = ["gh", "o_", "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8"].join("");
    const { records } = FORMAT_TEMPLATES.find((f) => f.format === "openai-agents") ?? FORMAT_TEMPLATES[0];
    const input = jsonl(
      records.map((record) => {
        const raw = (record as { rawItem?: { arguments?: string } }).rawItem;
        if (raw?.arguments === undefined) return record;
        const arguments_ = `{" ${secret} path":"/workspace/demo/x"}`;
        return { ...(record as object), rawItem: { ...raw, arguments: arguments_ } };
      }),
    );
    const output = await run(["project", "--from", "openai-agents", "-"], input);
    expect(output).not.toContain("Q1w2E3r4T5y6");
    expect(output).toContain("[redacted:github_token] path");
    expect(output).toContain("/workspace/demo/x");
  });

  it("a line that is not JSON (an env file, a key body) is located in diagnostics, never quoted", async () => {
    const body = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj";
    const input = [
      '{"type":"RUN_STARTED","threadId":"t","runId":"r"}',
      "NPM_TOKEN=npm_Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8",
      body,
    ].join("\n");
    for (const command of ["project", "validate"]) {
      const output = await run([command, "--from", "ag-ui", "-"], input);
      expect(output).toContain("line 3");
      expect(output).not.toContain("Q1w2E3r4T5y6");
      expect(output).not.toContain(body.slice(0, 12));
    }
  });
});
