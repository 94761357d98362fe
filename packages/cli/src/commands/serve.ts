// `agent-ui serve`: the gateway alone — HTTP API, SSE/WebSocket streams, durable session store, optional
// static workbench. Binds 127.0.0.1 unless told otherwise; prints its URL; runs until SIGINT/SIGTERM.
import { builtInSources, type ServerOptions, startServer } from "@agent-ui/server";
import type { Command, CommandIO } from "../command";
import {
  ACCESS_ENV,
  ACCESS_USAGE,
  ACCESS_VALUE_OPTIONS,
  type AccessArgs,
  accessLines,
  applyAccessOption,
  resolveToken,
} from "./access-options";

const USAGE = [
  "agent-ui serve [--port 4318] [--host 127.0.0.1] [--data-dir .data] [--store sqlite|postgres] [--pg-url URL]",
  "               [--static DIR] [--snapshot-every N]",
  `               ${ACCESS_USAGE}`,
  "",
  `Environment: AGENT_UI_PG_URL (for --store postgres), ${ACCESS_ENV}.`,
].join("\n");

const VALUE_OPTIONS = [
  "--port",
  "--host",
  "--data-dir",
  "--store",
  "--pg-url",
  "--static",
  "--snapshot-every",
  ...ACCESS_VALUE_OPTIONS,
];

export interface ServeArgs extends ServerOptions, AccessArgs {}

export function parseServeArgs(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): ServeArgs | string {
  const options: ServeArgs = { port: 4318, host: "127.0.0.1", dataDir: ".data", store: "sqlite" };
  const pgUrl = env.AGENT_UI_PG_URL;
  if (pgUrl) options.pgUrl = pgUrl;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--no-auth") {
      options.noAuth = true;
      continue;
    }
    if (!VALUE_OPTIONS.includes(arg)) return `unknown option '${arg}'`;
    const value = args[++i];
    if (value === undefined) return `${arg} needs a value`;
    switch (arg) {
      case "--port": {
        const port = Number(value);
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          return `--port needs a port number, got '${value}'`;
        options.port = port;
        break;
      }
      case "--snapshot-every": {
        const every = Number(value);
        if (!Number.isInteger(every) || every < 0)
          return `--snapshot-every needs a whole number, got '${value}'`;
        options.snapshotEvery = every;
        break;
      }
      case "--store":
        if (value !== "sqlite" && value !== "postgres")
          return `--store is sqlite or postgres, got '${value}'`;
        options.store = value;
        break;
      case "--host":
        options.host = value;
        break;
      case "--data-dir":
        options.dataDir = value;
        break;
      case "--pg-url":
        options.pgUrl = value;
        break;
      case "--static":
        options.staticDir = value;
        break;
      default: {
        const refused = applyAccessOption(options, arg, value);
        if (refused) return refused;
      }
    }
  }
  if (options.store === "postgres" && !options.pgUrl)
    return "--store postgres needs --pg-url or AGENT_UI_PG_URL";
  return resolveToken(options, env) ?? options;
}

/** Starts the gateway and resolves when `stop` aborts (the CLI wires SIGINT/SIGTERM to it). */
export async function runServe(options: ServeArgs, io: CommandIO, stop: AbortSignal): Promise<number> {
  const server = await startServer({
    ...options,
    sources: builtInSources({
      replay: { root: options.replayDir },
      upstream: { allow: options.upstreamAllow },
    }),
    upstream: { allow: options.upstreamAllow },
  });
  io.stdout(`agent-ui gateway listening on ${server.url} (store: ${server.gateway.store.kind})`);
  const access = accessLines(server, options, options.staticDir ? "Open the workbench" : "Access URL");
  for (const line of access.err) io.stderr(line);
  for (const line of access.out) io.stdout(line);
  await new Promise<void>((resolve) => {
    if (stop.aborted) resolve();
    stop.addEventListener("abort", () => resolve(), { once: true });
  });
  await server.close();
  return 0;
}

export const serveCommand: Command = {
  name: "serve",
  usage: USAGE,
  async run(args, io) {
    const options = parseServeArgs(args);
    if (typeof options === "string") {
      io.stderr(`agent-ui serve: ${options}\n\nUsage: ${USAGE}`);
      return 2;
    }
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    try {
      return await runServe(options, io, stop.signal);
    } catch (error) {
      io.stderr(`agent-ui serve: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
  },
};
