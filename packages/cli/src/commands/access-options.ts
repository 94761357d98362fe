// The options `agent-ui start` and `agent-ui serve` share about who may use the gateway and what it may
// reach: the access token (generated when none is given), `--no-auth`, `--cors`, `--allowed-host`,
// `--upstream-allow` and `--replay-dir`. The token can come from AGENT_UI_TOKEN or `--token-file`, so it
// never shows in the process list.
import { readFileSync } from "node:fs";
import type { RunningServer } from "@agent-ui/server";

export const ACCESS_USAGE =
  "[--token-file FILE | --token T | --no-auth] [--cors ORIGIN]... [--allowed-host NAME]... [--upstream-allow CIDR|HOST]... [--replay-dir DIR]";

export const ACCESS_ENV = "AGENT_UI_TOKEN (the access token; kept out of the process list)";

export const ACCESS_VALUE_OPTIONS = [
  "--token",
  "--token-file",
  "--cors",
  "--allowed-host",
  "--upstream-allow",
  "--replay-dir",
];

export interface AccessArgs {
  token?: string;
  noAuth?: boolean;
  corsOrigins?: string[];
  allowedHosts?: string[];
  upstreamAllow?: string[];
  replayDir?: string;
  /** Given as `--token` on the command line: visible to every user of the machine through `ps`. */
  tokenOnCommandLine?: boolean;
  tokenFile?: string;
}

/** Applies one `--option value` of ACCESS_VALUE_OPTIONS; an error message when the value is unusable. */
export function applyAccessOption(options: AccessArgs, arg: string, value: string): string | undefined {
  switch (arg) {
    case "--token":
      options.token = value;
      options.tokenOnCommandLine = true;
      return undefined;
    case "--token-file":
      options.tokenFile = value;
      return undefined;
    case "--cors":
      options.corsOrigins = [...(options.corsOrigins ?? []), value];
      return undefined;
    case "--allowed-host":
      options.allowedHosts = [...(options.allowedHosts ?? []), value];
      return undefined;
    case "--upstream-allow":
      options.upstreamAllow = [...(options.upstreamAllow ?? []), value];
      return undefined;
    case "--replay-dir":
      options.replayDir = value;
      return undefined;
  }
  return `unknown option '${arg}'`;
}

/** Settles the token: `--token`, else `--token-file`, else AGENT_UI_TOKEN, else the gateway generates
 * one. An error message when the choice is contradictory or the file is unusable. */
export function resolveToken(
  options: AccessArgs,
  env: Record<string, string | undefined>,
  readFile: (path: string) => string = (path) => readFileSync(path, "utf8"),
): string | undefined {
  const given = [options.token !== undefined, options.tokenFile !== undefined].filter(Boolean).length;
  if (given > 1) return "--token and --token-file: give one";
  if (options.noAuth && given > 0) return "--no-auth and a token: give one";
  if (options.tokenFile !== undefined) {
    let text: string;
    try {
      text = readFile(options.tokenFile);
    } catch (error) {
      return `--token-file: cannot read ${options.tokenFile} (${(error as NodeJS.ErrnoException).code ?? "error"})`;
    }
    const token = text.trim();
    if (token === "") return `--token-file: ${options.tokenFile} is empty`;
    options.token = token;
  } else if (options.token === undefined && !options.noAuth && env.AGENT_UI_TOKEN) {
    options.token = env.AGENT_UI_TOKEN;
  }
  if (options.token !== undefined && options.token.trim() === "") return "the access token is empty";
  return undefined;
}

/** What the gateway prints once it listens: the workbench URL carrying the token, or the loud warning. */
export function accessLines(
  server: RunningServer,
  options: AccessArgs,
  label = "Open the workbench",
): { out: string[]; err: string[] } {
  const err: string[] = [];
  if (options.tokenOnCommandLine)
    err.push(
      "note: --token is visible to other users in the process list; prefer AGENT_UI_TOKEN or --token-file",
    );
  if (options.noAuth) {
    err.push(
      "WARNING: --no-auth — the gateway API has no access token. Any program on this machine (and any web",
      `page it can reach through an allowed origin) can read every session and approve tool calls at ${server.url}.`,
      "Use --no-auth only behind your own authentication.",
    );
    return { out: [`${label}: ${server.accessUrl}`], err };
  }
  return {
    out: [
      `${label}: ${server.accessUrl}`,
      "(the URL carries the access token; API clients send it as Authorization: Bearer <token>)",
    ],
    err,
  };
}
