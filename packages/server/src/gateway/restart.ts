// After the gateway restarts on the same store, every session whose runtime lived in a process that is gone
// is settled honestly (FALL-01, CTRL-06, HYD-08):
// - its source kind can resume (`RuntimeSourceFactory.resume`) → a fresh source is attached and the
//   session is `live` again, with a reason that says what was carried over;
// - otherwise → `stopped` with the reason as a fact on its stream, and writes answer `unavailable` with it.
// A run that was in flight when the previous process died has an unknown outcome: the session is marked
// stale and a diagnostic says so, instead of a runtime that shows `running` forever.
// Only sessions this process takes over are settled (`SessionStore.claimRuntimes`): with SQLite this
// process is the only gateway on the data dir and takes them all; with PostgreSQL, gateways share the
// database, so a session another live gateway still feeds is left to it, and of two gateways starting at
// once only one takes a session whose gateway died.
// The gateway listens first and settles in the background, one session at a time; a request for a
// session not settled yet settles it first and waits for it (`RestartSettlement.whenSettled`).
// Settling loads the session's projection only when it must (a long session's load takes seconds, beside
// the first joiner's paint): whether a run was in flight is read from the runtime state at the session's
// head when one is at hand without a load (`SettlementOptions.runtimeAtHead`: the stored hydration
// window), and the state goes to `resume` only for a factory that reads it (`resumeReadsState`).
import { isRuntimeActive, redact } from "@agent-ui/contracts";
import type {
  ProjectionState,
  ResumeOutcome,
  RuntimeSourceFactory,
  RuntimeSourceResumeInit,
} from "@agent-ui/contracts";
import { nextTurn } from "../slices/turns";
import type { SessionRecord } from "../store/session-store";
import type { Gateway } from "./gateway";
import { errorMessage, SessionIngest } from "./ingest";
import { GATEWAY_SHUTDOWN_REASON, sourceStatusEvents } from "./status-events";

/** Every reason written here starts with this. */
export const RESTART_REASON = "the gateway restarted";

export interface RestartReport {
  resumed: string[];
  stopped: string[];
}

export interface SettlementOptions {
  /** The session's runtime state at its head (`lastSeq`), when it is at hand without loading the
   * projection; undefined when it is not (the projection is loaded then). */
  runtimeAtHead?: (session: SessionRecord) => Promise<ProjectionState["runtime"] | undefined>;
}

/** Was a runtime attached to this session when the previous gateway process ended? */
export function wasAttachedBeforeRestart(session: SessionRecord): boolean {
  if (session.status === "starting" || session.status === "live" || session.status === "stale") return true;
  // A clean shutdown stopped it; nobody asked for that, so it is resumable like a crash.
  return session.status === "stopped" && session.statusReason === GATEWAY_SHUTDOWN_REASON;
}

/** Settles every session a previous process left attached, before it resolves. */
export async function resumeAfterRestart(
  gateway: Gateway,
  factories: readonly RuntimeSourceFactory[],
  options: SettlementOptions = {},
): Promise<RestartReport> {
  return (await settleAfterRestart(gateway, factories, options)).done;
}

/** Starts settling in the background what a previous process left attached. The sessions to settle are
 * listed in the background too (a store may still be checking its file: SQLite's integrity check), so it
 * resolves at once and the gateway listens first. */
export async function settleAfterRestart(
  gateway: Gateway,
  factories: readonly RuntimeSourceFactory[],
  options: SettlementOptions = {},
): Promise<RestartSettlement> {
  return new RestartSettlement(gateway, factories, takenOver(gateway), options);
}

/** The sessions a previous process left attached that this one takes over. */
async function takenOver(gateway: Gateway): Promise<SessionRecord[]> {
  // A damaged session (unreadable rows) is left as it is: it answers session_damaged, nothing is appended.
  const candidates = (await gateway.store.listSessions()).filter(
    (session) =>
      wasAttachedBeforeRestart(session) && !gateway.isAttached(session.id) && session.damage === undefined,
  );
  const taken = new Set(await gateway.store.claimRuntimes(candidates.map((session) => session.id)));
  return candidates.filter((session) => taken.has(session.id));
}

export class RestartSettlement {
  readonly report: RestartReport = { resumed: [], stopped: [] };
  /** Resolves when every session is settled (or the settlement was stopped). */
  readonly done: Promise<RestartReport>;
  private readonly waiting = new Map<string, SessionRecord>();
  /** Resolves once the sessions to settle are known. */
  private readonly listed: Promise<void>;
  private isListed = false;
  private readonly settling = new Map<string, Promise<void>>();
  private readonly adopting = new Map<string, Promise<boolean>>();
  private readonly settledListeners = new Set<(sessionId: string) => void>();
  private stopped = false;

  constructor(
    private readonly gateway: Gateway,
    private readonly factories: readonly RuntimeSourceFactory[],
    sessions: readonly SessionRecord[] | Promise<readonly SessionRecord[]>,
    private readonly options: SettlementOptions = {},
  ) {
    this.listed = Promise.resolve(sessions).then(
      (list) => {
        for (const session of list) this.waiting.set(session.id, session);
        this.isListed = true;
      },
      (error: unknown) => {
        console.warn(`listing the sessions to settle after the restart failed: ${errorMessage(error)}`);
        this.isListed = true;
      },
    );
    this.done = this.run();
  }

  /** How many sessions are still to settle. */
  get pending(): number {
    return this.waiting.size + this.settling.size;
  }

  /** Settles `sessionId` now if it is still waiting; resolves once it is settled. Undefined when it
   * needs no settling (any more). */
  whenSettled(sessionId: string): Promise<void> | undefined {
    if (!this.isListed) return this.listed.then(() => this.whenSettled(sessionId));
    if (!this.waiting.has(sessionId) && !this.settling.has(sessionId)) return undefined;
    return this.settle(sessionId);
  }

  /** A session a runtime reaches this gateway for (a push, its writes channel) that no runtime here feeds:
   * when the gateway that held it is gone since this one started (PostgreSQL: another node died), it is
   * taken over now and settled like one found at start. Resolves whether this gateway now feeds it; false
   * while its holder lives or when it was not attached anywhere. */
  adopt(session: SessionRecord): Promise<boolean> {
    if (!this.isListed) return this.listed.then(() => this.adopt(session));
    const id = session.id;
    if (this.gateway.isAttached(id)) return Promise.resolve(true);
    if (!wasAttachedBeforeRestart(session) || session.damage !== undefined || this.stopped)
      return Promise.resolve(false);
    let adopting = this.adopting.get(id);
    if (adopting === undefined) {
      adopting = (async () => {
        const settling = this.whenSettled(id);
        if (settling === undefined) {
          const [taken] = await this.gateway.store.claimRuntimes([id]);
          if (taken === undefined) return false;
          await settleSession(this.gateway, this.factories, session, this.report, this.options);
        } else await settling;
        return this.gateway.isAttached(id);
      })().finally(() => this.adopting.delete(id));
      this.adopting.set(id, adopting);
    }
    return adopting;
  }

  /** `listener` runs after each session settled (the HTTP layer builds its hydration window then, so the
   * first joiner after a restart does not wait for it). */
  onSettled(listener: (sessionId: string) => void): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  }

  /** Settles no further session; resolves when the one under way is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.done;
  }

  private settle(sessionId: string): Promise<void> {
    const under = this.settling.get(sessionId);
    if (under) return under;
    const session = this.waiting.get(sessionId) as SessionRecord;
    this.waiting.delete(sessionId);
    const settled = settleSession(this.gateway, this.factories, session, this.report, this.options)
      .then(() => {
        for (const listener of this.settledListeners) listener(sessionId);
      })
      .catch((error: unknown) => {
        console.warn(`settling session ${sessionId} after the restart failed: ${errorMessage(error)}`);
      })
      .finally(() => this.settling.delete(sessionId));
    this.settling.set(sessionId, settled);
    return settled;
  }

  private async run(): Promise<RestartReport> {
    // The gateway listens before the first session loads: SQLite reads are synchronous, so without a
    // turn here a long session's load would run before the server's `listening` callback.
    await nextTurn();
    await this.listed;
    for (const sessionId of [...this.waiting.keys()]) {
      if (this.stopped) break;
      await this.whenSettled(sessionId);
      // Requests waiting on the event loop go first between two sessions.
      await nextTurn();
    }
    await Promise.all(this.settling.values());
    return this.report;
  }
}

async function settleSession(
  gateway: Gateway,
  factories: readonly RuntimeSourceFactory[],
  session: SessionRecord,
  report: RestartReport,
  options: SettlementOptions,
): Promise<void> {
  const runtime = await runtimeOf(gateway, session, options);
  // A blocked run (a quota, a retry gate) is still a run in flight: it was waiting, not finished.
  const inFlight = isRuntimeActive(runtime.status) || runtime.status === "blocked";
  const factory = factories.find((f) => f.kind === session.sourceKind);
  const state =
    factory?.resume !== undefined && factory.resumeReadsState !== false
      ? (await gateway.currentProjection(session.id)).state
      : undefined;
  const outcome = resumeOutcome(session, factory, (f) => f.resume?.(resumeInit(session, state)));
  const ingest = new SessionIngest(session.id);
  if (inFlight) {
    await gateway.store.append(session.id, [
      ingest.diagnostic({
        code: "transport_unavailable",
        severity: "warning",
        message: `${RESTART_REASON} while a run was in flight (${runtime.status}); its outcome is unknown`,
      }),
    ]);
  }
  if ("source" in outcome) {
    await gateway.attachResumed(
      session.id,
      outcome.source,
      `${RESTART_REASON}; re-attached: ${outcome.reason}`,
    );
    report.resumed.push(session.id);
    return;
  }
  const reason = `${RESTART_REASON}; ${outcome.refused}; writes are unavailable`;
  const events = sourceStatusEvents(ingest, "stopped", reason);
  // The facts before the restart may be incomplete (an open run): say so instead of showing them as live.
  if (inFlight) events[0].payload = { ...events[0].payload, stale: true };
  await gateway.store.append(session.id, events);
  await gateway.store.setStatus(session.id, "stopped", redact(reason).value);
  report.stopped.push(session.id);
}

/** The runtime state at the session's head: the loaded projection's, else the one at hand without a
 * load, else the projection's once loaded. */
async function runtimeOf(
  gateway: Gateway,
  session: SessionRecord,
  options: SettlementOptions,
): Promise<ProjectionState["runtime"]> {
  if (!gateway.projectionLoaded(session.id) && options.runtimeAtHead) {
    const runtime = await options.runtimeAtHead(session).catch(() => undefined);
    if (runtime !== undefined) return runtime;
  }
  return (await gateway.currentProjection(session.id)).state.runtime;
}

/** What `resume` gets; without `state` (a factory that does not read it), reading it throws. */
function resumeInit(session: SessionRecord, state: ProjectionState | undefined): RuntimeSourceResumeInit {
  const init = { sessionId: session.id, scenario: session.scenario, config: session.config, session };
  if (state !== undefined) return { ...init, state };
  return Object.defineProperty(init, "state", {
    get(): never {
      throw new Error(`the "${session.sourceKind}" source declares that resuming reads no state`);
    },
  }) as RuntimeSourceResumeInit;
}

function resumeOutcome(
  session: SessionRecord,
  factory: RuntimeSourceFactory | undefined,
  resume: (factory: RuntimeSourceFactory) => ResumeOutcome | undefined,
): ResumeOutcome {
  if (!factory) return { refused: `no "${session.sourceKind}" runtime source is offered by this gateway` };
  try {
    return (
      resume(factory) ?? {
        refused: `a "${session.sourceKind}" runtime source cannot resume a session it did not start`,
      }
    );
  } catch (error) {
    return { refused: `resuming the "${session.sourceKind}" source failed: ${errorMessage(error)}` };
  }
}
