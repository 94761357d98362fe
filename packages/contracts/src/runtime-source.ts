// The seam between the gateway and whatever produces a session's facts: the embedded demo runtime, an
// upstream protocol connector (AG-UI, AI SDK UI stream) or a recorded-file replay. A source never writes to
// the store itself: it hands records or envelope events to its sink, and the gateway adapts, redacts,
// sequences and stores them (SEC-01, ORD-01). Writes from the UI arrive as `ControlCommand`s; the source
// answers with a `WriteResult` and shows the effect later as facts on the stream (CTRL-01).
import type { ConnectionTestResult } from "./wire";
import type { ControlCommand, WriteResult } from "./control";
import type { Diagnostic } from "./diagnostics";
import type { AgentUiEvent } from "./envelope";
import type { RecordMeta } from "./framing-types";
import type { ProjectionState } from "./projection-state";
import type { MessageControlSupport, SessionInfo } from "./wire";

/** Health of the upstream as the gateway reports it (a fact, never prose). */
export type SourceStatus = "starting" | "live" | "completed" | "stale" | "failed" | "stopped";

/** Where a source delivers what it produced. Every call resolves once the data is durably stored, so a
 * source that awaits its sink gets natural back-pressure and ordered appends. */
export interface RuntimeSink {
  /** Source records in an adapter format (`lime`, `ag-ui`, `ai-sdk-ui`, …): the gateway runs them through
   * that adapter (one adapter instance per session and format, so streaming state is kept). `meta[i]` is
   * record i's transport framing (SSE event name and id), for formats whose records mean something only
   * with it (raw LangGraph Agent Server SSE). */
  records(
    records: readonly unknown[],
    format: string,
    meta?: readonly (RecordMeta | undefined)[],
  ): Promise<void>;
  /** Ready-made Agent UI envelope events. The gateway stamps a missing `sessionId` and `eventId`, then
   * redacts and stores them. */
  events(events: readonly Partial<AgentUiEvent>[]): Promise<void>;
  /** A source-level problem (malformed upstream frame, dropped connection): stored as a
   * `diagnostic.changed` event. */
  diagnostic(diagnostic: Diagnostic): Promise<void>;
  /** Upstream health; `failed` / `stale` are stored as facts so every client shows them. */
  status(status: SourceStatus, reason?: string): Promise<void>;
}

export interface RuntimeSourceContext {
  sessionId: string;
  sink: RuntimeSink;
  /** Aborted when the session or the gateway stops. */
  signal: AbortSignal;
  /** A URL the upstream may POST updates to (A2A push notifications), when the gateway serves one. */
  webhook?: SessionWebhook;
}

/** A session's callback URL for its upstream, authenticated by a token made for it alone. */
export interface SessionWebhook {
  /** Opens the hook for `kind` (`a2a`): its URL and token, or undefined when the gateway has no address
   * yet. `deliver` receives each authenticated body, in arrival order. */
  open(kind: string, deliver: (body: unknown) => Promise<void>): { url: string; token: string } | undefined;
  close(kind: string): void;
}

/** One running producer for one session. */
export interface RuntimeSource {
  /** The factory `kind` that made it, e.g. `demo`, `ag-ui`, `ai-sdk`, `replay`. */
  readonly kind: string;
  /** Begin producing. May resolve before production ends (a live runtime keeps going in the background). */
  start(context: RuntimeSourceContext): Promise<void>;
  /** A controlled write addressed to this runtime. The gateway has already deduplicated the idempotency
   * key, so a source sees each key at most once. `unavailable` when this source cannot do that kind. */
  command(command: ControlCommand): Promise<WriteResult>;
  /** Stop producing and release resources. Idempotent. */
  stop(): Promise<void>;
}

/** Options given when a session is created (`POST /api/sessions` body). */
export interface RuntimeSourceInit {
  sessionId: string;
  /** Named scenario for sources that have them (the demo runtime, replay fixtures). */
  scenario?: string;
  /** Source-specific settings (`url`, `file`, `speed`, `headers`, `body`, …). Untrusted client input:
   * a factory validates what it reads. */
  config: Record<string, unknown>;
}

/** What a factory gets to re-attach a session after the gateway restarted on the same store. */
export interface RuntimeSourceResumeInit extends RuntimeSourceInit {
  /** The session as stored: `config` is the redacted copy (secrets were never stored). */
  session: SessionInfo;
  /** The gateway's projection of the session's log up to the restart. */
  state: ProjectionState;
}

/** A resumed source and what it could carry over, or why the session cannot resume here. */
export type ResumeOutcome = { source: RuntimeSource; reason: string } | { refused: string };

/** Makes sources of one kind. The host (`agent-ui start` / `serve`, or an embedding app) hands the gateway
 * the list of factories it offers. */
export interface RuntimeSourceFactory {
  kind: string;
  description: string;
  /** Scenario names this kind offers, for `GET /api/sources`. */
  scenarios?: readonly string[];
  /** Per-message writes the runtime carries out, for `GET /api/sources` (absent: none). */
  messageControls?: MessageControlSupport;
  /** Throws `SourceConfigError` on bad config (→ 400). */
  create(init: RuntimeSourceInit): RuntimeSource;
  /** Re-attaches a session whose runtime lived in a previous gateway process. Without it (or when it
   * refuses) the session is `stopped` with the reason and its writes are `unavailable`. */
  resume?(init: RuntimeSourceResumeInit): ResumeOutcome;
  /** `false` when `resume` reads nothing of its init's `state`: the gateway then settles the session
   * without loading its projection (seconds for a long session), and reading `state` throws. */
  resumeReadsState?: boolean;
  /** Tries the upstream a session would use before it is created (`POST /api/connect/test`): what failed,
   * with a code, or what was found. Without it the kind cannot be tested. Throws `SourceConfigError` on a
   * config the kind would refuse. */
  test?(config: Record<string, unknown>, options?: { timeoutMs?: number }): Promise<ConnectionTestResult>;
}

/** The longest a connection test may take, in milliseconds. */
export const MAX_CONNECTION_TEST_MS = 30_000;

/** A source config the client got wrong: reported as a 400, never a crash. */
export class SourceConfigError extends Error {
  constructor(
    message: string,
    readonly code = "invalid_source_config",
  ) {
    super(message);
    this.name = "SourceConfigError";
  }
}

/** The answer for a write a source does not support: honest `unavailable` (CTRL-06). */
export function unavailableResult(command: ControlCommand, reason: string): WriteResult {
  return { status: "unavailable", idempotencyKey: command.idempotencyKey, reason };
}
