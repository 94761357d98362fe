// Human wording for the reason codes runtimes and the gateway send (`user_interrupt`, `rate_limited`, …):
// one table, used by every surface that shows a reason. A known code reads as a sentence; any other
// snake_case / kebab-case code reads as words ("quota_exceeded" → "Quota exceeded"); free text is kept as
// the runtime wrote it. The code itself stays available (title / inspector).

const REASONS: Record<string, string> = {
  user_interrupt: "Interrupted by you",
  user_interrupted: "Interrupted by you",
  interrupt: "Interrupted",
  interrupted: "Interrupted",
  user_cancel: "Cancelled by you",
  cancelled: "Cancelled",
  canceled: "Cancelled",
  user_rejected: "Rejected by you",
  rejected: "Rejected",
  denied: "Denied",
  policy: "Not allowed by policy",
  policy_denied: "Not allowed by policy",
  permission_denied: "Permission denied",
  timeout: "Timed out",
  timed_out: "Timed out",
  expired: "Expired",
  rate_limited: "Rate limited",
  rate_limit: "Rate limited",
  quota_exceeded: "Quota exceeded",
  budget_exceeded: "Budget exceeded",
  context_overflow: "Context too long",
  max_turns: "Turn limit reached",
  max_tokens: "Token limit reached",
  tool_error: "The tool failed",
  runtime_error: "Runtime error",
  provider_error: "Model provider error",
  network_error: "Network error",
  unavailable: "Unavailable",
  not_supported: "Not supported by this runtime",
  unsupported: "Not supported by this runtime",
  superseded: "Replaced by a newer request",
  duplicate: "Already sent",
  stale: "Out of date",
  conflict: "Changed meanwhile",
};

const CODE = /^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+$|^[a-z]+$/;

/** A reason as a person reads it. */
export function reasonText(reason: string | undefined | null): string | undefined {
  if (reason === undefined || reason === null) return undefined;
  const trimmed = reason.trim();
  if (trimmed === "") return undefined;
  const known = REASONS[trimmed.toLowerCase()];
  if (known) return known;
  if (!CODE.test(trimmed)) return trimmed;
  const words = trimmed.replace(/[_-]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
