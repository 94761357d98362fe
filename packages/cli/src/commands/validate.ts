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
import { InputError, type RecordConsumer, frameText, streamRecords } from "../input";
import { DetectionWindow } from "../record-feed";
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

/** Framing diagnostics held while `--from auto` waits for its sample, at most (then it decides). */
const MAX_HELD_DIAGNOSTICS = 1000;
/** Diagnostic lines held for a record still being read, at most (then they are printed). */
const MAX_HELD_LINES = 1000;

/**
 * `validate` as a fold: framed records in one at a time, each validated as it comes and its diagnostics
 * handed to `emit` (redacted, SEC-03), marked as the framing's or the records'; only the validator's
 * running state and the counts are kept. With `--from auto` the first records (and framing diagnostics) wait until detection has its
 * sample; when detection is unsure, `unsure` is set and nothing is emitted.
 */
export class ValidationFold implements RecordConsumer {
  done = false;
  format: string;
  unsure: DetectedFormat | undefined;
  records = 0;
  readonly counts = { error: 0, warning: 0, info: 0 };
  private validator: RecordValidator | undefined;
  private readonly window: DetectionWindow | undefined;
  private held: Diagnostic[] | undefined;

  constructor(
    from: string,
    private readonly emit: (diagnostic: Diagnostic, from: "framing" | "records") => void,
    /** Stop with `unsure` when detection half-recognises the input (the command); else validate as
     * Agent UI. */
    stopWhenUnsure = true,
  ) {
    this.format = from;
    if (from !== "auto") {
      this.validator = createValidator(from);
      return;
    }
    this.held = [];
    this.window = new DetectionWindow(
      AUTO_DETECT_SAMPLE,
      (head) => {
        this.unsure = stopWhenUnsure ? unsureDetection(head) : undefined;
        if (this.unsure !== undefined) {
          this.done = true;
          return;
        }
        this.format = detectFormat(head);
        this.validator = createValidator(this.format);
        const held = this.held ?? [];
        this.held = undefined;
        for (const d of held) this.report(d, "framing");
      },
      (record) => this.validate(record),
    );
  }

  record(record: FramedRecord): void {
    if (this.done) return;
    if (this.window) this.window.record(record);
    else this.validate(record);
  }

  diagnostic(diagnostic: Diagnostic): void {
    if (this.done) return;
    if (this.held === undefined) {
      this.report(diagnostic, "framing");
      return;
    }
    this.held.push(diagnostic);
    if (this.held.length >= MAX_HELD_DIAGNOSTICS) this.window?.flush();
  }

  /** The input ended, framed as `framing`: the validator's end-of-stream checks. */
  finish(framing: string): void {
    this.window?.flush();
    if (this.done || this.validator === undefined) return;
    if (framing === "empty")
      this.report(
        diagnostic("unparseable_input", "warning", "input is empty: no records to validate"),
        "records",
      );
    for (const d of this.validator.finish()) this.report(d, "records");
  }

  private validate(record: FramedRecord): void {
    if (this.validator === undefined) return;
    this.records++;
    for (const d of this.validator.push(record)) this.report(d, "records");
  }

  private report(d: Diagnostic, from: "framing" | "records"): void {
    this.counts[d.severity]++;
    // What the report prints passes the same redactor as every event (SEC-03): a diagnostic may name a value.
    this.emit(redact(d).value, from);
  }
}

function createValidator(format: string): RecordValidator {
  return validationFormats()
    .find((f) => f.name === format)!
    .create();
}

/** Frames and validates input text: the fold the command runs, given the whole text at once. */
export function validateText(text: string, from: string): ValidationReport {
  const framing: Diagnostic[] = [];
  const records: Diagnostic[] = [];
  const fold = new ValidationFold(from, (d, kind) => (kind === "framing" ? framing : records).push(d), false);
  fold.finish(frameText(text, fold));
  return report(fold, [...framing, ...records]);
}

function report(fold: ValidationFold, diagnostics: Diagnostic[]): ValidationReport {
  return {
    format: fold.format,
    records: fold.records,
    errors: fold.counts.error,
    warnings: fold.counts.warning,
    infos: fold.counts.info,
    diagnostics,
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
    // Diagnostics are printed as the input is read: each chunk's framing problems, then the records'
    // findings — held while the chunk ended inside a record, whose own framing problem then comes first,
    // as for a whole input. `--json` prints the whole report (framing problems first) at the end.
    const kept = { framing: [] as Diagnostic[], records: [] as Diagnostic[] };
    const lines = { framing: [] as string[], records: [] as string[] };
    const fold = new ValidationFold(parsed.from, (d, from) => {
      if (parsed.json) kept[from].push(d);
      else lines[from].push(formatDiagnosticLine(d));
    });
    const flush = (midRecord: boolean) => {
      const out = lines.framing;
      lines.framing = [];
      if (!midRecord || lines.records.length > MAX_HELD_LINES) {
        out.push(...lines.records);
        lines.records = [];
      }
      if (out.length > 0) io.stdout(out.join("\n"));
    };
    try {
      const framing = await streamRecords(parsed.file, io, fold, flush);
      fold.finish(framing);
    } catch (error) {
      io.stderr(`agent-ui validate: ${error instanceof Error ? error.message : String(error)}`);
      return error instanceof InputError ? error.exitCode : 2;
    }
    if (fold.unsure !== undefined) {
      io.stderr(undetectedMessage("validate", parsed.file, fold.unsure));
      return 2;
    }
    const result = report(fold, [...kept.framing, ...kept.records]);
    if (parsed.json) io.stdout(JSON.stringify(result, null, 2));
    else {
      flush(false);
      io.stdout(`${result.records} records, ${result.errors} errors, ${result.warnings} warnings`);
    }
    return result.errors > 0 ? 1 : 0;
  },
};
