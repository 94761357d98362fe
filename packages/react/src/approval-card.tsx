// ApprovalCard (HITL): approve / reject / answer an action request through `respond_action` (HITL-02).
// A click never resolves the card: it stays pending — "waiting for runtime…" — until a state with the
// runtime's `action.resolved` is rendered (HITL-03). Controls are disabled while responding and a repeated
// click in the same tick is dropped, so one click is one write (HITL-05).
import type { ActionRecord, AgentRecord } from "@agent-ui/contracts";
import { useRef, useState } from "react";
import { type Dispatch, dispatchSafely } from "./commands";
import { reasonText } from "./reason-text";
import { Badge, honestText } from "./honest";
import { type FormValues, SchemaForm, coerceValues, fieldsOf } from "./schema-form";

export interface ApprovalCardProps {
  action: ActionRecord;
  dispatch: Dispatch;
  /** Roster, to name the requesting teammate (HITL-09). */
  agents?: Record<string, AgentRecord>;
}

type Decision = "approve" | "reject" | "answer";
/** Plans are stateful objects: a rejection carries its reason and the plan stays visible (HITL-11). */
const PLAN_TYPES = new Set(["plan_decision", "teammate_plan_decision"]);
const ANSWER_TYPES = new Set([
  "structured_input",
  "clarification",
  "credential_request",
  "plan_decision",
  "teammate_plan_decision",
]);

export function ApprovalCard({ action, dispatch, agents }: ApprovalCardProps) {
  const [sent, setSent] = useState<Decision | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [values, setValues] = useState<FormValues>({});
  const [invalid, setInvalid] = useState<string[]>([]);
  const [rejectReason, setRejectReason] = useState("");
  const isPlan = PLAN_TYPES.has(action.type);
  const inFlight = useRef(false);

  const open = action.status === "pending" || action.status === "responding";
  const waiting = open && (sent !== null || action.status === "responding");
  const fields = fieldsOf(action.schema, action.type === "credential_request");
  const decisions = Array.isArray(action.availableDecisions) ? action.availableDecisions : null;
  const offers = (d: Decision) => (decisions ? decisions.includes(d) : d !== "answer");
  const canAnswer =
    fields.length > 0 || ANSWER_TYPES.has(action.type) || (decisions?.includes("answer") ?? false);
  const requester = requesterName(action, agents);

  async function respond(decision: Decision) {
    if (inFlight.current || waiting || !open) return;
    let payload: Record<string, unknown> | undefined;
    if (decision === "answer") {
      const coerced = coerceValues(fields, values);
      setInvalid(coerced.invalid);
      if (coerced.invalid.length > 0) return;
      payload = coerced.payload;
    }
    if (decision === "reject" && isPlan && rejectReason.trim()) payload = { reason: rejectReason.trim() };
    inFlight.current = true;
    setSent(decision);
    setRefusal(null);
    const result = await dispatchSafely(dispatch, {
      kind: "respond_action",
      actionId: action.actionId,
      decision,
      payload,
      agentId: action.requestedBy?.agentId ?? action.requestedBy?.subagentId,
    });
    inFlight.current = false;
    if (result.status !== "accepted") {
      // Not taken by the runtime: nothing happened, so the user may decide again.
      setSent(null);
      setRefusal(`${result.status}${result.reason ? `: ${result.reason}` : ""}`);
    }
  }

  return (
    <section
      className={`aui-approval aui-severity-${action.severity ?? "normal"}`}
      aria-label={`Action ${action.title ?? action.actionId}`}
      data-status={action.status}
    >
      <header className="aui-row-head">
        <strong>{action.title ?? "Action required"}</strong>
        <Badge value={waiting ? "responding" : action.status} />
        {action.severity ? (
          <Badge label="risk" value={action.severity} tone={action.severity === "high" ? "alert" : "warn"} />
        ) : null}
      </header>
      {action.prompt ? <p>{action.prompt}</p> : null}
      <dl className="aui-kv">
        {requester !== "unknown" || Object.keys(agents ?? {}).length > 1 ? (
          <>
            <dt>requested by</dt>
            <dd>{requester}</dd>
          </>
        ) : null}
        <dt>tool</dt>
        <dd>{action.toolName ?? honestText(action.toolCallId)}</dd>
        {action.scope ? (
          <>
            <dt>scope</dt>
            <dd>
              <code>{JSON.stringify(action.scope)}</code>
            </dd>
          </>
        ) : null}
      </dl>
      {open ? (
        <>
          {canAnswer && fields.length > 0 ? (
            <SchemaForm
              fields={fields}
              values={values}
              invalid={invalid}
              disabled={waiting}
              onChange={setValues}
            />
          ) : null}
          {isPlan && offers("reject") ? (
            <label className="aui-inline-label">
              Reason if rejecting
              <input
                value={rejectReason}
                disabled={waiting}
                onChange={(e) => setRejectReason(e.target.value)}
              />
            </label>
          ) : null}
          <fieldset className="aui-actions aui-fieldset">
            <legend className="aui-visually-hidden">Decision</legend>
            {offers("approve") ? (
              <button
                type="button"
                className="aui-button aui-button-primary"
                disabled={waiting}
                onClick={() => respond("approve")}
              >
                Approve
              </button>
            ) : null}
            {offers("reject") ? (
              <button
                type="button"
                className="aui-button aui-button-danger"
                disabled={waiting}
                onClick={() => respond("reject")}
              >
                Reject
              </button>
            ) : null}
            {canAnswer ? (
              <button
                type="button"
                className="aui-button"
                disabled={waiting}
                onClick={() => respond("answer")}
              >
                Answer
              </button>
            ) : null}
          </fieldset>
          {waiting ? (
            <p className="aui-hint" role="status">
              {sent ? `Sent “${sent}” — waiting for runtime…` : "Waiting for runtime…"}
            </p>
          ) : null}
          {refusal ? (
            <p className="aui-tool-error" role="alert">
              Not applied ({refusal}). You can decide again.
            </p>
          ) : null}
          {!decisions ? (
            <p className="aui-hint">Available decisions: {honestText(action.availableDecisions)}</p>
          ) : null}
        </>
      ) : (
        <p className="aui-audit" role="status">
          {action.status === "resolved"
            ? `Resolved by runtime: ${action.decision ?? "unknown"}${resolutionNote(action)}`
            : `This request is ${action.status}; it can no longer be answered.`}
        </p>
      )}
    </section>
  );
}

function requesterName(action: ActionRecord, agents?: Record<string, AgentRecord>): string {
  const by = action.requestedBy;
  if (!by) return "unknown";
  if (by.name) return by.name;
  const agent =
    (by.agentId ? agents?.[by.agentId] : undefined) ??
    (by.subagentId
      ? Object.values(agents ?? {}).find((a) => a.subagentId === by.subagentId || a.agentId === by.subagentId)
      : undefined);
  if (agent && agent.name !== "unknown" && agent.name !== "unavailable") return agent.name;
  return by.agentId ?? by.subagentId ?? "unknown";
}

/** The runtime's own words on a resolution: the recorded reason (a rejected plan's, HITL-11) and audit. */
function resolutionNote(action: ActionRecord): string {
  const reason = typeof action.response?.reason === "string" ? action.response.reason : undefined;
  const notes = [reason ? `reason: ${reasonText(reason)}` : undefined, action.auditSummary].filter(Boolean);
  return notes.length > 0 ? ` — ${notes.join(" · ")}` : "";
}
