// Our own envelope, passed through with validation: a valid event leaves unchanged; an invalid one is
// replaced by a diagnostic (never dropped silently); a secret-bearing one passes redacted with a warning.
import {
  type AgentUiEvent,
  type Diagnostic,
  EVENT_CLASSES,
  type RecordMeta,
  isMember,
  redact,
  validateEvent,
} from "@agent-ui/contracts";
import { Emitter } from "../shared/emitter";
import { isRecord, readString } from "../shared/record";
import type { AdapterModule, AdapterOptions, SourceAdapter } from "../types";

export const AGENT_UI_FORMAT = "agent-ui";

export class AgentUiPassthrough implements SourceAdapter {
  readonly format = AGENT_UI_FORMAT;
  private readonly emitter: Emitter;

  constructor(options: AdapterOptions = {}) {
    this.emitter = new Emitter(AGENT_UI_FORMAT, options, { sourceSequenced: true });
  }

  push(record: unknown, index?: number, _meta?: RecordMeta): AgentUiEvent[] {
    return this.emitter.guard(record, { index }, () => {
      const problems = validateEvent(record);
      // A secret inline is repaired here (redacted), so it does not make the event invalid.
      const errors = problems.filter((d) => d.severity === "error" && d.code !== "secret_leak_risk");
      const info = {
        index,
        sourceType: readString(record, "type"),
        sourceEventId: readString(record, "eventId"),
      };
      if (errors.length > 0 || !isRecord(record))
        return [
          this.report(
            index,
            "invalid",
            "error",
            `invalid Agent UI event: ${summarize(errors)}`,
            errors,
            info,
          ),
        ];
      const leaks = problems.filter((d) => d.code === "secret_leak_risk");
      const event = (leaks.length > 0 ? redact(record).value : record) as AgentUiEvent;
      const warnings = problems.filter((d) => d.severity !== "error" || d.code === "secret_leak_risk");
      return warnings.length === 0
        ? [event]
        : [event, this.report(index, "warnings", "warning", summarize(warnings), warnings, info)];
    });
  }

  finish(): AgentUiEvent[] {
    return [];
  }

  /** A diagnostic beside the passed-through stream: it takes no stream position of its own. */
  private report(
    index: number | undefined,
    kind: string,
    severity: "error" | "warning",
    message: string,
    problems: Diagnostic[],
    info: { index?: number; sourceType?: string; sourceEventId?: string },
  ): AgentUiEvent {
    const first = problems[0];
    return this.emitter.derivedEvent(
      "diagnostic.changed",
      {
        eventId: `${AGENT_UI_FORMAT}:${info.sourceEventId ?? `#${index ?? 0}`}:${kind}`,
        payload: {
          code: first?.code ?? "schema_mismatch",
          severity,
          message: message.slice(0, 500),
          summary: {
            problems: problems
              .slice(0, 10)
              .map((d) => ({ code: d.code, severity: d.severity, path: d.path })),
          },
        },
      },
      info,
    );
  }
}

function summarize(problems: Diagnostic[]): string {
  if (problems.length === 0) return "not an object";
  const head = problems
    .slice(0, 3)
    .map((d) => `${d.code}${d.path ? ` at ${d.path}` : ""}`)
    .join("; ");
  return problems.length > 3 ? `${head} (+${problems.length - 3} more)` : head;
}

/** Our own envelope names its adapter in `source.format`; otherwise a standard class with taxonomy fields. */
export function detectAgentUi(record: unknown): number {
  if (!isRecord(record)) return 0;
  const type = readString(record, "type");
  if (type === undefined || !isMember(EVENT_CLASSES, type)) return 0;
  if (readString(record, "schemaVersion")?.startsWith("lime-profile")) return 0;
  if (isRecord(record.source) && typeof record.source.format === "string") return 1;
  if (["owner", "scope", "surface", "persistence", "phase"].some((k) => typeof record[k] === "string"))
    return 0.9;
  return 0.6;
}

export const agentUiAdapter: AdapterModule = {
  format: AGENT_UI_FORMAT,
  description: "Agent UI envelope events (this toolkit's own format), validated and passed through unchanged",
  create: (options) => new AgentUiPassthrough(options),
  detect: detectAgentUi,
};
