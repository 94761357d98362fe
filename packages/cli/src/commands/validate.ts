// `agent-ui validate`: checks a recorded stream against the contracts — schema, scope ids, taxonomy,
// secrets, inline size, ordering and lifecycle pairing — and prints one line per diagnostic. Exit 0 when
// nothing is an error, 1 when something is, 2 when the input cannot be read or the arguments are wrong.
import { ADAPTERS, type DetectedFormat, detectFramedFormat, findAdapter } from "@agent-ui/adapters";
import {
  type AgentUiEvent,
  type Diagnostic,
  type FramedRecord,
  createSequenceVerifier,
  createValidationContext,
  diagnostic,
  redact,
  runtimeRecordKind,
  validateEvent,
  validateRuntimeRecord,
} from "@agent-ui/contracts";
import type { Command, CommandIO } from "../command";
import { InputError, frameInput, readInput } from "../input";
import { undetectedMessage } from "./detection";

const USAGE = "agent-ui validate [--from <format>] [--json] <file|->";

/** Validates one input's records in order. Stateful: duplicates, gaps and pairing span records. */
export interface RecordValidator {
  push(record: FramedRecord): Diagnostic[];
  finish(): Diagnostic[];
}

export interface ValidationFormat {
  name: string;
  description: string;
  create(): RecordValidator;
}

/** Agent UI envelopes: `validateEvent` with a shared context (ids, sequences) plus the lifecycle verifier. */
function agentUiValidator(): RecordValidator & { pushEvent(event: unknown): Diagnostic[] } {
  const context = createValidationContext();
  const verifier = createSequenceVerifier({ checkOrdering: false });
  const pushEvent = (event: unknown) => [...validateEvent(event, context), ...verifier.push(event)];
  return { pushEvent, push: (record) => pushEvent(record.value), finish: () => verifier.finalize() };
}

/** Lime runtime records: official schemas by shape (event / snapshot / trial pack) plus the verifier. */
function limeValidator(): RecordValidator {
  const verifier = createSequenceVerifier();
  return {
    push(record) {
      const out = validateRuntimeRecord(record.value, { index: record.index });
      if (runtimeRecordKind(record.value) === "event") out.push(...verifier.push(record.value));
      return out;
    },
    finish: () => verifier.finalize(),
  };
}

/** Any other registered adapter: its own diagnostics, then its Agent UI output validated as such. */
function adapterValidator(format: string): RecordValidator {
  const adapter = findAdapter(format)!.create();
  const envelope = agentUiValidator();
  const check = (events: AgentUiEvent[], index: number | undefined) =>
    events.flatMap((event) => [...adapterDiagnostics(event, index), ...envelope.pushEvent(event)]);
  return {
    push: (record) => check(adapter.push(record.value, record.index, record.meta), record.index),
    finish: () => [...check(adapter.finish(), undefined), ...envelope.finish()],
  };
}

function adapterDiagnostics(event: AgentUiEvent, index: number | undefined): Diagnostic[] {
  if (event.type !== "diagnostic.changed" || typeof event.payload?.code !== "string") return [];
  const { code, severity, message } = event.payload as {
    code: string;
    severity?: unknown;
    message?: unknown;
  };
  const level = severity === "error" || severity === "info" ? severity : "warning";
  return [
    diagnostic(code, level, String(message ?? code), { eventRef: index === undefined ? {} : { index } }),
  ];
}

/** Formats `validate --from` accepts. The Lime profile has its own official schemas; every other adapter in
 * the registry is validated through its Agent UI output, so a new adapter needs no change here. */
export function validationFormats(): ValidationFormat[] {
  const own: ValidationFormat[] = [
    { name: "agent-ui", description: "Agent UI envelopes", create: agentUiValidator },
    { name: "lime", description: "Lime AgentRuntime profile events and snapshots", create: limeValidator },
  ];
  const adapters = ADAPTERS.filter((a) => !own.some((f) => f.name === a.format)).map((a) => ({
    name: a.format,
    description: a.description,
    create: () => adapterValidator(a.format),
  }));
  return [...own, ...adapters];
}

/** Below this detection confidence `--from auto` validates as Agent UI: input no adapter clearly claims is
 * checked against the envelope schema (and fails it loudly) instead of being half-read by a weak guess. */
export const AUTO_DETECT_MIN_CONFIDENCE = 0.5;

/** How many leading records `--from auto` samples. */
const AUTO_DETECT_SAMPLE = 20;

/** `--from auto`: the adapters' own `detectFormat` (the same detection `adapt` and the server use; Lime
 * profile markers — schema version, snapshot and trial-pack shapes — score highest there), else Agent UI. */
export function detectFormat(records: readonly FramedRecord[]): string {
  // Framed records, not bare values: an SSE event name (LangGraph Agent Server) is part of the evidence.
  const detected = detectFramedFormat(records, AUTO_DETECT_SAMPLE);
  return detected.format !== "unknown" && detected.confidence >= AUTO_DETECT_MIN_CONFIDENCE
    ? detected.format
    : "agent-ui";
}

/** `--from auto` on input some adapters half-recognise (each scores it, none above the threshold): the
 * detection to report instead of validating with a guess. `undefined` when detection is sure, or when no
 * adapter scores the input at all (then it is checked as Agent UI and fails its schema loudly). */
export function unsureDetection(records: readonly FramedRecord[]): DetectedFormat | undefined {
  const detected = detectFramedFormat(records, AUTO_DETECT_SAMPLE);
  return detected.format === "unknown" && detected.candidates.length > 0 ? detected : undefined;
}

interface ValidateArgs {
  from: string;
  json: boolean;
  file: string;
}

export function parseValidateArgs(args: string[]): ValidateArgs | string {
  const parsed: Partial<ValidateArgs> = { from: "auto", json: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--json") parsed.json = true;
    else if (arg === "--from") {
      const value = args[++i];
      if (value === undefined) return "--from needs a value";
      parsed.from = value;
    } else if (arg.startsWith("--from=")) parsed.from = arg.slice("--from=".length);
    else if (arg.startsWith("--")) return `unknown option '${arg}'`;
    else if (parsed.file === undefined) parsed.file = arg;
    else return `unexpected argument '${arg}'`;
  }
  if (parsed.file === undefined) return "missing input: give a file path or '-' for stdin";
  return parsed as ValidateArgs;
}

export interface ValidationReport {
  format: string;
  records: number;
  errors: number;
  warnings: number;
  infos: number;
  diagnostics: Diagnostic[];
}

/** Frames and validates input text. Pure apart from the adapters it runs; used by the command and tests. */
export function validateText(text: string, from: string): ValidationReport {
  const framed = frameInput(text);
  const format = from === "auto" ? detectFormat(framed.records) : from;
  const validator = validationFormats()
    .find((f) => f.name === format)!
    .create();
  const diagnostics: Diagnostic[] = [...framed.diagnostics];
  if (framed.format === "empty") {
    diagnostics.push(diagnostic("unparseable_input", "warning", "input is empty: no records to validate"));
  }
  for (const record of framed.records) diagnostics.push(...validator.push(record));
  diagnostics.push(...validator.finish());
  // What the report prints passes the same redactor as every event (SEC-03): a diagnostic may name a value.
  const safe = redact(diagnostics).value;
  const count = (severity: Diagnostic["severity"]) =>
    diagnostics.filter((d) => d.severity === severity).length;
  return {
    format,
    records: framed.records.length,
    errors: count("error"),
    warnings: count("warning"),
    infos: count("info"),
    diagnostics: safe,
  };
}

/** `<index or sequence>\t<code>\t<severity>: <message>` — sequence when the event has one. */
export function formatDiagnosticLine(d: Diagnostic): string {
  const ref = d.eventRef ?? {};
  const where =
    ref.sequence !== undefined
      ? `seq ${ref.sequence}`
      : ref.index !== undefined
        ? `#${ref.index}`
        : ref.line !== undefined
          ? `line ${ref.line}`
          : "-";
  const at = d.path ? ` (at ${d.path})` : "";
  return `${where}\t${d.code}\t${d.severity}: ${d.message}${at}`;
}

export const validateCommand: Command = {
  name: "validate",
  usage: `${USAGE}

  --from <format>  auto (default: detect), agent-ui, lime or any registered adapter format:
                   ${ADAPTERS.map((a) => a.format).join(", ")}
  --json           print the report (counts and diagnostics) as JSON

Input: JSONL, a JSON array, one JSON object or SSE text; '-' reads stdin.
Exit codes: 0 no errors, 1 error diagnostics, 2 unreadable input or bad arguments.
When --from auto is not sure of the format it exits 2 listing the candidates and their scores.`,
  async run(args: string[], io: CommandIO): Promise<number> {
    const parsed = parseValidateArgs(args);
    if (typeof parsed === "string") {
      io.stderr(`agent-ui validate: ${parsed}\nUsage: ${USAGE}`);
      return 2;
    }
    const formats = ["auto", ...validationFormats().map((f) => f.name)];
    if (!formats.includes(parsed.from)) {
      io.stderr(`agent-ui validate: unknown format '${parsed.from}'; known formats: ${formats.join(", ")}`);
      return 2;
    }
    let text: string;
    try {
      text = await readInput(parsed.file, io);
    } catch (error) {
      io.stderr(`agent-ui validate: ${error instanceof Error ? error.message : String(error)}`);
      return error instanceof InputError ? error.exitCode : 2;
    }
    const unsure = parsed.from === "auto" ? unsureDetection(frameInput(text).records) : undefined;
    if (unsure !== undefined) {
      io.stderr(undetectedMessage("validate", parsed.file, unsure));
      return 2;
    }
    const report = validateText(text, parsed.from);
    if (parsed.json) io.stdout(JSON.stringify(report, null, 2));
    else {
      const lines = report.diagnostics.map(formatDiagnosticLine);
      lines.push(`${report.records} records, ${report.errors} errors, ${report.warnings} warnings`);
      io.stdout(lines.join("\n"));
    }
    return report.errors > 0 ? 1 : 0;
  },
};
