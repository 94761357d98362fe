import type { CommandIO } from "./command";
import { COMMANDS } from "./commands/index";

export function helpText(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length), 4);
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    "agent-ui — project agent runtime events into honest UI state",
    "",
    "Usage: agent-ui <command> [options]",
    "",
    "Commands:",
    ...lines,
    "",
    "Run `agent-ui <command> --help` for a command's options.",
  ].join("\n");
}

const processIO: CommandIO = {
  stdout: (text) => process.stdout.write(text.endsWith("\n") ? text : `${text}\n`),
  stderr: (text) => process.stderr.write(text.endsWith("\n") ? text : `${text}\n`),
  stdin: () => process.stdin,
};

export async function main(argv: string[], io: CommandIO = processIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(helpText());
    return 0;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) {
    io.stderr(`agent-ui: unknown command '${name}'\n\n${helpText()}`);
    return 2;
  }
  const command = await entry.load();
  if (rest.includes("--help") || rest.includes("-h")) {
    io.stdout(`${entry.summary}\n\nUsage: ${command.usage}`);
    return 0;
  }
  return command.run(rest, io);
}
