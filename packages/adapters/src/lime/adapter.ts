// The Lime AgentRuntime profile adapter: RuntimeEvent records through the mapping table, and the
// untyped read-model records (SessionSnapshot, TaskSnapshot, evidence / benchmark packs) as snapshots.
import { type AgentUiEvent, LIME_PROFILE_SCHEMA_VERSION, type RecordMeta, clip } from "@agent-ui/contracts";
import { LimitNotices, limitDiagnostics } from "../shared/bounded";
import type { EventFields, SourceInfo } from "../shared/emitter";
import { Emitter } from "../shared/emitter";
import {
  type JsonObject,
  compact,
  isRecord,
  readCorrelationIds,
  readRecord,
  readString,
} from "../shared/record";
import { safeOptionsOf, safeValue } from "../shared/safe-payload";
import type { AdapterOptions, SourceAdapter } from "../types";
import type { BuildContext } from "./build-common";
import { artifactClassOf, isEvidencePack, isSessionSnapshot, isTaskSnapshot } from "./build-state";
import { type LimeFacts, missingScopeIds, toLimeFacts } from "./facts";
import { outputsFor } from "./mapping-table";
import { TopologyTracker, isTeamClass } from "./team-shape";

export const LIME_FORMAT = "lime";

export class LimeAdapter implements SourceAdapter {
  readonly format = LIME_FORMAT;
  private readonly emitter: Emitter;
  private readonly ctx: BuildContext;
  private readonly defaultStream: string;
  /** Tables that reached their cap, each reported once. */
  private readonly limits = new LimitNotices();
  private readonly topology = new TopologyTracker(this.limits);

  constructor(options: AdapterOptions = {}) {
    this.emitter = new Emitter(LIME_FORMAT, options, { sourceSequenced: true });
    this.ctx = { safe: safeOptionsOf(options) };
    this.defaultStream = options.streamId ?? options.sessionId ?? "default";
  }

  push(record: unknown, index?: number, _meta?: RecordMeta): AgentUiEvent[] {
    const out = this.emitter.guard(record, { index }, () => this.translate(record, index));
    for (const notice of limitDiagnostics(this.emitter, this.limits, { index })) out.push(notice);
    return out;
  }

  finish(): AgentUiEvent[] {
    // Runtime facts are authoritative: nothing the runtime left open is closed by guessing.
    return [];
  }

  private translate(record: unknown, index: number | undefined): AgentUiEvent[] {
    if (!isRecord(record)) return [this.emitter.unsupported(record, { index }, "not a JSON object")];
    const type = readString(record, "type", "eventType", "event_type");
    if (type === undefined) return this.readModel(record, index);
    const facts = toLimeFacts(record, type);
    const info: SourceInfo = { index, sourceType: type, sourceEventId: facts.eventId };
    if (facts.schemaVersion !== undefined) info.schemaVersion = facts.schemaVersion;
    const outputs = outputsFor(facts.type);
    if (outputs === undefined) {
      // In the record's session stream, at the record's position: the stream keeps no hole (ORD-01).
      return [
        this.emitter.unsupported(
          record,
          info,
          `unknown runtime event class "${clip(type, 80)}"`,
          this.baseFields(facts),
        ),
      ];
    }
    const key =
      facts.eventId ??
      `${LIME_FORMAT}:${facts.ids.sessionId ?? this.defaultStream}:${facts.sequence ?? `i${index ?? 0}`}`;
    const base = this.baseFields(facts);
    const topology = this.topology.topologyFor(facts);
    const events: AgentUiEvent[] = [];
    for (const output of outputs) {
      const built = output.build(facts, this.ctx);
      if (built === null) continue;
      const eventType = output.type === "artifact.changed" ? artifactClassOf(facts) : output.type;
      // One fresh object per event: base facts, then the builder's (which win), then identity.
      const fields: EventFields = { ...base, ...built };
      if (topology !== undefined && fields.topology === undefined && isTeamClass(eventType))
        fields.topology = topology;
      const primary = events.length === 0;
      events.push(this.emit(eventType, fields, primary ? key : `${key}#${eventType}`, info, primary));
    }
    if (events.length === 0)
      events.push(
        this.emitter.unsupported(
          record,
          info,
          `${type} lacks the payload fields its mapping needs`,
          this.baseFields(facts),
        ),
      );
    this.profileChecks(facts, key, base, info, events);
    return events;
  }

  /**
   * The first event of a record takes the record's id and stream position; further events derived from
   * the same record get `<id>#<class>` (or `#<code>`) and, when the source is sequenced, no position of
   * their own. `fields` is a fresh object owned by the caller; the id is set on it in place.
   */
  private emit(
    type: string,
    fields: EventFields,
    eventId: string,
    info: SourceInfo,
    primary: boolean,
  ): AgentUiEvent {
    fields.eventId = eventId;
    if (primary || fields.sequence === undefined) return this.emitter.event(type, fields, info);
    return this.emitter.derivedEvent(type, fields as EventFields & { eventId: string }, info);
  }

  /**
   * Correlation ids, runtime shape, timestamp and sequence every event of the record carries. A teammate's
   * record names it by `subagentId`; the envelope's author field is `agentId` (§D.5), so it is restated
   * there, and the teammate's text, reasoning and tools are attributed to it (TEAM-05).
   */
  private baseFields(facts: LimeFacts): EventFields {
    const fields: EventFields = { ...facts.ids, ...facts.extraIds, ...facts.shape };
    if (fields.agentId === undefined && facts.ids.subagentId !== undefined)
      fields.agentId = facts.ids.subagentId;
    if (facts.timestamp !== undefined) fields.timestamp = facts.timestamp;
    if (facts.sequence !== undefined) fields.sequence = facts.sequence;
    if (facts.refs !== undefined)
      fields.refs = safeValue(facts.refs, this.ctx.safe) as Record<string, unknown>;
    return fields;
  }

  /** Degraded facts are mapped and also reported (ENV-12): missing scope ids, foreign schema version. */
  private profileChecks(
    facts: LimeFacts,
    key: string,
    base: EventFields,
    info: SourceInfo,
    into: AgentUiEvent[],
  ): void {
    const missing = missingScopeIds(facts);
    if (missing.length > 0)
      into.push(
        this.check(key, base, info, "missing_scope_id", "warning", {
          message: `${facts.sourceType} is missing ${missing.join(", ")}; the link renders unknown`,
          summary: { missing },
        }),
      );
    if (facts.schemaVersion !== undefined && facts.schemaVersion !== LIME_PROFILE_SCHEMA_VERSION) {
      const version = clip(facts.schemaVersion, 40);
      into.push(
        this.check(key, base, info, "schema_mismatch", "info", {
          message: `schemaVersion ${version} is not ${LIME_PROFILE_SCHEMA_VERSION}; mapped as a core runtime event`,
          summary: { schemaVersion: version },
        }),
      );
    }
  }

  private check(
    key: string,
    base: EventFields,
    info: SourceInfo,
    code: string,
    severity: string,
    body: { message: string; summary: Record<string, unknown> },
  ): AgentUiEvent {
    const fields: EventFields = { ...base, payload: { code, severity, ...body } };
    return this.emit("diagnostic.changed", fields, `${key}#${code}`, info, false);
  }

  /** Records with no `type`: read models and packs, each as one authoritative snapshot (HYD-09). */
  private readModel(record: JsonObject, index: number | undefined): AgentUiEvent[] {
    const info: SourceInfo = { index, sourceType: "snapshot" };
    const schemaVersion = readString(record, "schemaVersion", "schema_version");
    if (schemaVersion !== undefined) info.schemaVersion = schemaVersion;
    const safe = safeValue(record, this.ctx.safe);
    const updatedAt = readString(record, "updatedAt", "updated_at");
    if (isSessionSnapshot(record)) {
      const ids = readCorrelationIds(record);
      const threads = Array.isArray(record.threads) ? record.threads : [];
      const threadId = threads.length === 1 ? readString(threads[0], "threadId", "thread_id") : undefined;
      const fields: EventFields = compact({
        ...ids,
        threadId: ids.threadId ?? threadId,
        timestamp: updatedAt,
      });
      const key = `${LIME_FORMAT}:snapshot:${ids.sessionId ?? this.defaultStream}:${updatedAt ?? `i${index ?? 0}`}`;
      return [
        this.emitter.event(
          "state.snapshot",
          { ...fields, eventId: key, phase: "hydrating", payload: { runtimeSession: safe } },
          { ...info, sourceType: "session_snapshot" },
        ),
        this.emitter.event(
          "session.hydrated",
          {
            ...fields,
            eventId: `${key}#session.hydrated`,
            payload: compact({ change: "snapshot", updatedAt }),
          },
          { ...info, sourceType: "session_snapshot" },
        ),
      ];
    }
    if (isTaskSnapshot(record)) {
      const ids = readCorrelationIds(record);
      return [
        this.emitter.event(
          "state.snapshot",
          { ...ids, timestamp: updatedAt, phase: "hydrating", payload: { task: safe } },
          { ...info, sourceType: "task_snapshot" },
        ),
      ];
    }
    if (isEvidencePack(record)) {
      // The pack's correlation spine becomes envelope ids; `benchmark.taskId` (a dataset task) is never
      // taken for the runtime `taskId` (fixtures §3.7).
      const correlation = readCorrelationIds(readRecord(record, "runtimeCorrelation", "runtime_correlation"));
      const refs = compact({
        evidenceId: readString(record, "evidenceId", "evidence_id"),
        evidencePackRef: readString(record, "packRef", "pack_ref", "evidencePackRef"),
        replayRef: readString(record, "replayRef", "replay_ref"),
        reviewRef: readString(record, "reviewRef", "review_ref"),
      });
      return [
        this.emitter.event(
          "state.snapshot",
          { ...correlation, ...refs, phase: "hydrating", payload: { evidencePack: safe } },
          { ...info, sourceType: isRecord(record.benchmark) ? "benchmark_trial_pack" : "evidence_pack" },
        ),
      ];
    }
    if (typeof record.threadId === "string" && typeof record.status === "string") {
      return [
        this.emitter.event(
          "state.snapshot",
          { ...readCorrelationIds(record), phase: "hydrating", payload: { thread: safe } },
          { ...info, sourceType: "thread_read_model" },
        ),
      ];
    }
    return [this.emitter.unsupported(record, info, "record has no type and is not a known read model")];
  }
}
