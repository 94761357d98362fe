import { describe, expect, it } from "vitest";
import type { CommandIO } from "../src/command";
import { helpText, main } from "../src/main";

function fakeIO() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), stdin: () => [] };
  return { io, out, err };
}

describe("agent-ui --help", () => {
  it("lists every registered command, validate included", async () => {
    const { io, out } = fakeIO();
    expect(await main(["--help"], io)).toBe(0);
    expect(out.join("\n")).toMatch(/^\s+validate\s+Validate a recorded event stream/m);
    expect(helpText()).toContain("Usage: agent-ui <command> [options]");
  });

  it("no arguments prints the help", async () => {
    const { io, out } = fakeIO();
    expect(await main([], io)).toBe(0);
    expect(out.join("\n")).toContain("Commands:");
  });

  it("a command's --help prints its usage and options", async () => {
    const { io, out } = fakeIO();
    expect(await main(["validate", "--help"], io)).toBe(0);
    const text = out.join("\n");
    expect(text).toContain("Usage: agent-ui validate [--from <format>] [--json] <file|->");
    expect(text).toContain(
      "Exit codes: 0 no errors, 1 error diagnostics, 2 unreadable input or bad arguments.",
    );
  });

  it("an unknown command exits 2 and shows the help on stderr", async () => {
    const { io, err } = fakeIO();
    expect(await main(["frobnicate"], io)).toBe(2);
    expect(err.join("\n")).toContain("unknown command 'frobnicate'");
  });
});

describe("agent-ui start --help", () => {
  it("lists the demo scenario names", async () => {
    const { io, out } = fakeIO();
    expect(await main(["start", "--help"], io)).toBe(0);
    expect(out.join("\n")).toMatch(
      /--scenario <name> {2}the demo scenario to open: solo, team, approval, retry, blocked, queue-steer/,
    );
  });

  it("lists --connect, --protocol and --header", async () => {
    const { io, out } = fakeIO();
    expect(await main(["start", "--help"], io)).toBe(0);
    const help = out.join("\n");
    expect(help).toContain(
      '[--connect URL [--protocol ag-ui|ai-sdk|a2a|langgraph] [--assistant ID] [--header "Name: value"]...]',
    );
    expect(help).toMatch(/--connect <url> +open the workbench on your own agent/);
    expect(help).toMatch(/--header "K: V" +a header sent to the agent/);
  });
});
