// `agent-ui project`: source records → framing → adapter → projection → the snapshot (or a digest), the
// input read and folded record by record (project-fold.ts).
// Bad records never crash it: framing and adapter problems become diagnostics in the output. Only input
// that cannot be read at all (a missing file, bad arguments) exits 2.
import { clip } from "@agent-ui/contracts";
import { ADAPTERS } from "@agent-ui/adapters";
import {
  selectAnswerText,
  selectArtifacts,
  selectCapsules,
  selectDiagnostics,
  selectPendingActions,
  selectRoster,
} from "@agent-ui/projection";
import type { Command, CommandIO } from "../command";
import { InputError, frameText, streamRecords } from "../input";
import { ProjectFold, type ProjectedText } from "../project-fold";
import { undetectedMessage } from "./detection";

export type { ProjectedText } from "../project-fold";

const USAGE = "agent-ui project [--from <format>] [--at <sequence>] [--summary | --detail <ref>] <file|->";

interface ProjectArgs {
  from: string;
  at?: number;
  summary: boolean;
  /** Print the body kept under this ref (a tool output's `outputRef`) instead of the snapshot. */
  detail?: string;
  file: string;
}

/** Parses the arguments, or returns the message explaining what is wrong. */
export function parseProjectArgs(args: string[]): ProjectArgs | string {
  const parsed: Partial<ProjectArgs> = { from: "auto", summary: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--summary") parsed.summary = true;
    else if (arg === "--from" || arg === "--at" || arg === "--detail") {
      const value = args[++i];
      if (value === undefined) return `${arg} needs a value`;
      if (arg === "--from") parsed.from = value;
      else if (arg === "--detail") parsed.detail = value;
      else {
        const at = Number(value);
        if (!Number.isInteger(at) || at < 0)
          return `--at needs a non-negative integer sequence, got '${value}'`;
        parsed.at = at;
      }
    } else if (arg.startsWith("--")) return `unknown option '${arg}'`;
    else if (parsed.file === undefined) parsed.file = arg;
    else return `unexpected argument '${arg}'`;
  }
  if (parsed.file === undefined) return "missing input: give a file path or '-' for stdin";
  if (parsed.summary && parsed.detail !== undefined) return "--summary and --detail cannot be combined";
  return parsed as ProjectArgs;
}

/** `auto` (detect) and every registered adapter (`agent-ui` is our envelope, validated, passed as-is). */
export function knownFormats(): string[] {
  return ["auto", ...ADAPTERS.map((a) => a.format)];
}

/** Frames, adapts and projects source text; `at` keeps only events up to that sequence (time travel). The
 * same fold the command runs on a stream, given the whole text at once. */
export function projectText(text: string, from: string, at?: number): ProjectedText {
  const fold = new ProjectFold(from, { at });
  frameText(text, fold);
  return fold.finish();
}

export const projectCommand: Command = {
  name: "project",
  usage: `${USAGE}

  --from <format>  source format: auto (default: detect; exits 2 listing the candidates when unsure)
                   or one of ${ADAPTERS.map((a) => a.format).join(", ")}
  --at <sequence>  time travel: project only events with sequence <= N
  --summary        print a human-readable digest instead of the snapshot JSON
  --detail <ref>   print the body kept under a ref the snapshot names (an offloaded tool output's
                   outputRef); exit 1 when the stream keeps no body under it`,
  async run(args: string[], io: CommandIO): Promise<number> {
    const parsed = parseProjectArgs(args);
    if (typeof parsed === "string") {
      io.stderr(`agent-ui project: ${parsed}\nUsage: ${USAGE}`);
      return 2;
    }
    const formats = knownFormats();
    if (!formats.includes(parsed.from)) {
      io.stderr(`agent-ui project: unknown format '${parsed.from}'; known formats: ${formats.join(", ")}`);
      return 2;
    }
    // The input streams through the fold: only the projection's state is kept, never the records.
    const fold = new ProjectFold(parsed.from, { at: parsed.at, detail: parsed.detail });
    try {
      await streamRecords(parsed.file, io, fold);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      io.stderr(`agent-ui project: ${error.message}`);
      return error.exitCode;
    }
    fold.decide();
    if (fold.detected?.format === "unknown") {
      io.stderr(undetectedMessage("project", parsed.file, fold.detected));
      return 2;
    }
    const projected = fold.finish();
    if (parsed.detail !== undefined) {
      const detail = projected.details.get(parsed.detail);
      if (detail === undefined) {
        io.stderr(`agent-ui project: no body is kept under ref '${clip(parsed.detail, 120)}'`);
        return 1;
      }
      io.stdout(detail.body);
      return 0;
    }
    io.stdout(parsed.summary ? summarize(projected) : JSON.stringify(projected.state, null, 2));
    return 0;
  },
};

/** The digest `--summary` prints: one labelled line (or block) per surface, read through the projection's
 * own selectors so the CLI shows what a UI would. */
export function summarize({ state, format, detected }: ProjectedText): string {
  const { runtime } = state;
  const lines: string[] = [];
  lines.push(
    `source       ${format}${detected ? ` (detected, confidence ${detected.confidence.toFixed(2)})` : ""}`,
  );
  const ids = [runtime.sessionId ?? state.session.sessionId, runtime.threadId, runtime.turnId].filter(
    Boolean,
  );
  lines.push(`session      ${ids.join(" / ") || "unknown"} (${state.session.hydration.status})`);
  const why = [runtime.label, runtime.reason, runtime.failure?.category].filter(Boolean).join("; ");
  lines.push(`status       ${runtime.status} (attention ${runtime.attention})${why ? ` — ${why}` : ""}`);
  const model = runtime.model;
  const modelFacts = [
    model.singleCandidate ? "single candidate" : undefined,
    model.decisionSource ? `source ${model.decisionSource}` : undefined,
  ].filter(Boolean);
  lines.push(`model        ${model.selected}${modelFacts.length ? ` (${modelFacts.join(", ")})` : ""}`);
  const answer = selectAnswerText(state);
  lines.push(`answer       ${answer === "" ? "(none)" : JSON.stringify(answer)}`);
  const tools = Object.values(state.tools);
  block(
    lines,
    "tools",
    tools.length,
    // A call the user (or policy) denied ended in output-error, but it is a denial, not a failure: say so.
    tools.map(
      (t) =>
        `${t.name} ${t.status === "output-error" && t.error?.category === "denied" ? "denied" : t.status} [${t.toolCallId}]`,
    ),
  );
  const pending = selectPendingActions(state);
  block(
    lines,
    "pending",
    `${pending.length} action${pending.length === 1 ? "" : "s"}`,
    pending.map(
      (a) => `${a.type} ${a.status} [${a.actionId}]${a.prompt ? ` ${JSON.stringify(a.prompt)}` : ""}`,
    ),
  );
  const tasks = selectCapsules(state);
  block(
    lines,
    "tasks",
    tasks.length,
    tasks.map((t) => {
      const attempts = t.attempts.length > 0 ? `, ${plural(t.attempts.length, "attempt")}` : "";
      return `${t.status}${attempts} [${t.taskId}]${t.title ? ` ${t.title}` : ""}`;
    }),
  );
  const agents = selectRoster(state);
  block(
    lines,
    "agents",
    agents.length,
    agents.map((a) => `${a.name} ${a.status} [${a.agentId}] lineage ${a.lineage}`),
  );
  const artifacts = selectArtifacts(state);
  block(
    lines,
    "artifacts",
    artifacts.length,
    artifacts.map((a) => `${a.title ?? "untitled"} ${a.kind} ${a.status} [${a.artifactId}]`),
  );
  lines.push(`evidence     ${Object.keys(state.evidence).length}`);
  const { bySeverity } = selectDiagnostics(state);
  lines.push(
    `diagnostics  ${state.diagnostics.length} (${bySeverity.error} errors, ${bySeverity.warning} warnings)`,
  );
  if (state.cursor.stale) lines.push(`stale        ${state.cursor.staleSections.join(", ") || "yes"}`);
  return lines.join("\n");
}

function block(lines: string[], label: string, head: string | number, items: string[]): void {
  lines.push(`${label.padEnd(12)} ${head}`);
  for (const item of items) lines.push(`  ${item}`);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
