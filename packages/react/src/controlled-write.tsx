// One controlled write as the user sees it (CTRL-01/02). A click sends exactly one intent; the control
// then shows "waiting for runtime…" until the owner's fact arrives — observed as a change of `fact`, a
// value the caller derives from projection state (a status, a version id, a count). Acceptance alone
// changes nothing on screen. A refused / failed / unavailable write keeps every existing fact and shows a
// recoverable error row with retry (CTRL-02). A control missing a needed fact is disabled with its reason,
// never hidden (FALL-06).
import type { WriteResult } from "@agent-ui/contracts";
import { type ReactNode, createContext, useContext, useEffect, useRef, useState } from "react";
import { type CommandIntent, type Dispatch, dispatchSafely } from "./commands";

type Phase = "idle" | "sending" | "waiting" | "failed";

interface Attempt {
  phase: Phase;
  intent?: CommandIntent;
  result?: WriteResult;
  /** The fact as rendered when the click happened; pending ends when it changes. */
  factAtSend?: unknown;
}

const WriteGuardContext = createContext<string | undefined>(undefined);

/** Disables every controlled write below it with one reason, e.g. while viewing the past (time travel):
 * the controls stay visible and say why (FALL-06). */
export function WriteGuard({ reason, children }: { reason?: string; children: ReactNode }) {
  return (
    <WriteGuardContext.Provider value={reason}>
      {reason ? (
        <p className="aui-hint aui-disabled-reason" role="note">
          Controls disabled: {reason}
        </p>
      ) : null}
      {children}
    </WriteGuardContext.Provider>
  );
}

export interface ControlledWrite {
  /** Set when writes are blocked here (a `WriteGuard` above); sending is refused locally. */
  blocked?: string;
  /** True from the click until the owner's fact is rendered (or the write is refused). */
  pending: boolean;
  /** The refused / failed / unavailable acknowledgement, kept until retry or dismiss. */
  failure: WriteResult | null;
  send: (intent: CommandIntent) => Promise<WriteResult | undefined>;
  retry: () => void;
  dismiss: () => void;
}

/** Tracks one write against the fact that will confirm it. `fact` must change (by `Object.is`) when the
 * owner's fact arrives — e.g. `agent.status` for stop, `artifact.currentVersionId` for edit. */
export function useControlledWrite(dispatch: Dispatch | undefined, fact: unknown): ControlledWrite {
  const [attempt, setAttempt] = useState<Attempt>({ phase: "idle" });
  // A second click in the same tick (before React re-renders the disabled control) is dropped: one click,
  // one write (HITL-05 applied to every control).
  const inFlight = useRef(false);
  const blocked = useContext(WriteGuardContext);
  const factRef = useRef(fact);
  factRef.current = fact;

  const awaiting = attempt.phase === "sending" || attempt.phase === "waiting";
  const pending = awaiting && Object.is(fact, attempt.factAtSend);
  // Once the fact moved, the attempt is over: a later change back must not revive the pending state.
  useEffect(() => {
    if (awaiting && !Object.is(fact, attempt.factAtSend)) setAttempt({ phase: "idle" });
  }, [awaiting, fact, attempt.factAtSend]);

  async function send(intent: CommandIntent): Promise<WriteResult | undefined> {
    if (!dispatch || inFlight.current || pending || blocked) return undefined;
    inFlight.current = true;
    const factAtSend = factRef.current;
    setAttempt({ phase: "sending", intent, factAtSend });
    const result = await dispatchSafely(dispatch, intent);
    inFlight.current = false;
    setAttempt(
      result.status === "accepted"
        ? { phase: "waiting", intent, result, factAtSend }
        : { phase: "failed", intent, result, factAtSend },
    );
    return result;
  }

  return {
    blocked,
    pending,
    failure: attempt.phase === "failed" ? (attempt.result ?? null) : null,
    send,
    retry: () => {
      if (attempt.intent) void send(attempt.intent);
    },
    dismiss: () => setAttempt({ phase: "idle" }),
  };
}

/** "waiting for runtime…" while pending; an error row with retry after a refused write. */
export function WriteFeedback({
  write,
  label,
  onRetry = write.retry,
}: {
  write: ControlledWrite;
  label: string;
  /** Defaults to re-sending the same intent. */
  onRetry?: () => void;
}) {
  if (write.pending) {
    return (
      <span className="aui-hint aui-write-pending" role="status">
        {label} sent — waiting for runtime…
      </span>
    );
  }
  if (!write.failure) return null;
  const { status, reason } = write.failure;
  return (
    <span className="aui-write-error" role="alert">
      <span className="aui-tool-error">
        {label} not applied ({status}
        {reason ? `: ${reason}` : ""}). Nothing changed.
      </span>{" "}
      <button type="button" className="aui-button aui-button-quiet" onClick={onRetry}>
        Retry {label.toLowerCase()}
      </button>
      <button type="button" className="aui-button aui-button-quiet" onClick={write.dismiss}>
        Dismiss
      </button>
    </span>
  );
}

/** A reason next to a disabled control, so a missing fact explains itself (FALL-06). */
export function DisabledReason({ reason }: { reason?: string }) {
  // The guard's reason is said once by the `WriteGuard`, not next to every control it disables.
  const guard = useContext(WriteGuardContext);
  return reason && reason !== guard ? <span className="aui-hint aui-disabled-reason">{reason}</span> : null;
}

export interface ControlButtonProps {
  dispatch: Dispatch;
  intent: CommandIntent;
  /** The projection value that changes when the owner's fact arrives. */
  fact: unknown;
  label: string;
  /** Accessible name when the visible label is ambiguous in a list (e.g. "Stop Writer"). */
  name?: string;
  disabledReason?: string;
  className?: string;
}

/** A single-intent control: one click → one write → pending until the fact → error row with retry. */
export function ControlButton({
  dispatch,
  intent,
  fact,
  label,
  name,
  disabledReason,
  className = "aui-button aui-button-quiet",
}: ControlButtonProps) {
  const write = useControlledWrite(dispatch, fact);
  const reason = write.blocked ?? disabledReason;
  return (
    <span className="aui-control">
      <button
        type="button"
        className={className}
        aria-label={name}
        disabled={write.pending || !!reason}
        title={reason}
        onClick={() => void write.send(intent)}
      >
        {label}
      </button>
      <DisabledReason reason={reason} />
      <WriteFeedback write={write} label={label} />
    </span>
  );
}
