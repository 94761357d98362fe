// `agent-ui start`: the one-command demo. Builds the workbench when its build is missing or stale, starts
// the gateway with the embedded demo runtime and the built workbench as static files, opens a `team`
// session (or, with `--connect`, a session on the user's own agent) and prints the URL. Runs until
// interrupted.
import { DEMO_SCENARIO_NAMES } from "@agent-ui/demo";
import { type RunningServer, startServer } from "@agent-ui/server";
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
import { agentUiSources } from "../sources";
import {
  applyConnectOption,
  CONNECT_HELP,
  CONNECT_USAGE,
  CONNECT_VALUE_OPTIONS,
  type ConnectArgs,
  checkConnectArgs,
  connectSession,
} from "./connect-options";
import { workbenchDir } from "../workbench";

const USAGE = [
  "agent-ui start [--port 4318] [--host 127.0.0.1] [--data-dir .data] [--scenario team] [--rebuild]",
  `               ${ACCESS_USAGE}`,
  `               ${CONNECT_USAGE}`,
  "",
  `Environment: ${ACCESS_ENV}.`,
].join("\n");

export interface StartOptions extends AccessArgs, ConnectArgs {
  port: number;
  host: string;
  dataDir: string;
  scenario: string;
  rebuild: boolean;
}

export function parseStartArgs(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): StartOptions | string {
  const options: StartOptions = {
    port: 4318,
    host: "127.0.0.1",
    dataDir: ".data",
    scenario: "team",
    rebuild: false,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--rebuild") {
      options.rebuild = true;
      continue;
    }
    if (arg === "--no-auth") {
      options.noAuth = true;
      continue;
    }
    const access = ACCESS_VALUE_OPTIONS.includes(arg);
    const connect = CONNECT_VALUE_OPTIONS.includes(arg);
    if (!access && !connect && !["--port", "--host", "--data-dir", "--scenario"].includes(arg))
      return `unknown option '${arg}'`;
    const value = args[++i];
    if (value === undefined) return `${arg} needs a value`;
    if (connect) {
      const refused = applyConnectOption(options, arg, value);
      if (refused) return refused;
    } else if (access) {
      const refused = applyAccessOption(options, arg, value);
      if (refused) return refused;
    } else if (arg === "--port") {
      const port = Number(value);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        return `--port needs a port number, got '${value}'`;
      options.port = port;
    } else if (arg === "--host") options.host = value;
    else if (arg === "--data-dir") options.dataDir = value;
    else options.scenario = value;
  }
  return checkConnectArgs(options) ?? resolveToken(options, env) ?? options;
}

export interface LaunchedWorkbench {
  server: RunningServer;
  /** The workbench root, e.g. `http://127.0.0.1:4318/`. */
  url: string;
  sessionId: string;
  /** Deep link to the created session, with the access token in its fragment (`#/s/<id>?token=…`). */
  sessionUrl: string;
  /** With `--connect`: the protocol the session speaks and what the connection test found. */
  connected?: { protocol: string; found?: string };
}

/** Build-if-stale, start the gateway with the demo runtime and the workbench, create one session: a demo
 * one, or with `connect` one on that agent (its connection tested first; a failure stops the gateway). */
export async function launchWorkbench(
  options: StartOptions,
  log: (line: string) => void = () => {},
): Promise<LaunchedWorkbench> {
  const dir = await workbenchDir({ rebuild: options.rebuild, log });
  const server = await startServer({
    port: options.port,
    host: options.host,
    dataDir: options.dataDir,
    staticDir: dir,
    token: options.token,
    noAuth: options.noAuth,
    corsOrigins: options.corsOrigins,
    allowedHosts: options.allowedHosts,
    sources: agentUiSources(options),
  });
  try {
    const connected = options.connect === undefined ? undefined : await connectSession(server, options);
    const sessionId =
      connected?.sessionId ??
      (
        await server.gateway.createSession({
          source: "demo",
          scenario: options.scenario,
          title: `${options.scenario} demo`,
        })
      ).id;
    const url = `${server.url}/`;
    const token = server.token ? `?token=${encodeURIComponent(server.token)}` : "";
    const sessionUrl = `${url}#/s/${encodeURIComponent(sessionId)}${token}`;
    return connected
      ? {
          server,
          url,
          sessionId,
          sessionUrl,
          connected: { protocol: connected.protocol, found: connected.found },
        }
      : { server, url, sessionId, sessionUrl };
  } catch (error) {
    await server.close();
    throw error;
  }
}

function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    const done = (signal: string) => () => resolve(signal);
    process.once("SIGINT", done("SIGINT"));
    process.once("SIGTERM", done("SIGTERM"));
  });
}

export const startCommand: Command = {
  name: "start",
  usage: `${USAGE}

  --scenario <name>  the demo scenario to open: ${DEMO_SCENARIO_NAMES.join(", ")}
  --rebuild          rebuild the workbench from the repository's sources first
${CONNECT_HELP}`,
  async run(args: string[], io: CommandIO): Promise<number> {
    const options = parseStartArgs(args);
    if (typeof options === "string") {
      io.stderr(`agent-ui start: ${options}\n\nUsage: ${USAGE}`);
      return 2;
    }
    let launched: LaunchedWorkbench;
    try {
      launched = await launchWorkbench(options, io.stderr);
    } catch (error) {
      io.stderr(`agent-ui start: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
    const access = accessLines(launched.server, options);
    for (const line of access.err) io.stderr(line);
    for (const line of access.out) io.stdout(line);
    if (launched.connected) {
      if (launched.connected.found) io.stdout(`Connection: ${launched.connected.found}`);
      io.stdout(`${launched.connected.protocol} session: ${launched.sessionUrl}`);
    } else io.stdout(`${options.scenario} session: ${launched.sessionUrl}`);
    io.stdout("Press Ctrl+C to stop.");
    await untilSignal();
    await launched.server.close();
    return 0;
  },
};
