import type { Command } from "../command";

/** One sub-command as `--help` lists it; its module loads only when the command runs, so `agent-ui --help`
 * loads none of the packages the commands need. */
export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<Command>;
}

/** Every sub-command of `agent-ui`, in the order `--help` lists them. */
export const COMMANDS: CommandEntry[] = [
  {
    name: "start",
    summary: "Start the gateway with the demo runtime and the workbench, and open a demo session",
    load: async () => (await import("./start")).startCommand,
  },
  {
    name: "serve",
    summary: "Run the gateway: session API, SSE/WebSocket streams, durable store (SQLite or PostgreSQL)",
    load: async () => (await import("./serve")).serveCommand,
  },
  {
    name: "validate",
    summary:
      "Validate a recorded event stream (Agent UI envelopes or Lime runtime records) and report diagnostics",
    load: async () => (await import("./validate")).validateCommand,
  },
  {
    name: "project",
    summary: "Project a source event stream into the Agent UI snapshot (JSON or a --summary digest)",
    load: async () => (await import("./project")).projectCommand,
  },
  {
    name: "conformance",
    summary:
      "Run the Agent UI conformance suite (AUI-AR cases, governance failures, acceptance items, fixtures)",
    load: async () => (await import("./conformance")).conformanceCommand,
  },
];
