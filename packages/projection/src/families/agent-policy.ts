// TEAM-17 / PERM-02: a teammate's own policy — permission mode, approval policy, sandbox, plan mode, budget,
// termination — as its runtime reports it on agent facts (`payload.policy`, or the same fields beside the
// agent's other fields). Later facts update field by field; nothing is inferred from the coordinator's.
import type { TeammatePolicy } from "@agent-ui/contracts";
import { asNumber, asString, isRecord } from "../internal/json";
import { safeText, safeValue } from "../internal/safety";

const TEXT_FIELDS = ["permissionMode", "approval", "termination"] as const;
const ALIASES: Record<(typeof TEXT_FIELDS)[number], readonly string[]> = {
  permissionMode: ["permissionMode", "permission_mode", "mode"],
  approval: ["approval", "approvalPolicy", "approval_policy"],
  termination: ["termination", "stopCondition", "maxTurns"],
};

/** The policy stated on one agent fact, merged over what the agent held; `undefined` when none is stated. */
export function teammatePolicy(
  held: TeammatePolicy | undefined,
  payload: Record<string, unknown>,
): TeammatePolicy | undefined {
  const source = isRecord(payload.policy) ? payload.policy : payload;
  const next: TeammatePolicy = { ...held };
  let stated = false;
  for (const field of TEXT_FIELDS) {
    // `mode` is only a permission mode inside an explicit policy object.
    const names = source === payload ? ALIASES[field].filter((name) => name !== "mode") : ALIASES[field];
    for (const name of names) {
      const raw = source[name];
      const value = typeof raw === "number" ? `${name}:${raw}` : asString(raw);
      if (value === undefined) continue;
      next[field] = safeText(value);
      stated = true;
      break;
    }
  }
  const sandbox = source.sandbox;
  if (isRecord(sandbox)) {
    next.sandbox = safeValue(sandbox).value;
    stated = true;
  }
  const planMode = source.planMode ?? source.plan_mode;
  if (typeof planMode === "boolean") {
    next.planMode = planMode;
    stated = true;
  }
  if (isRecord(source.budget)) {
    const budget: NonNullable<TeammatePolicy["budget"]> = { ...held?.budget };
    const limit = asNumber(source.budget.limit);
    const used = asNumber(source.budget.used);
    const unit = asString(source.budget.unit);
    if (limit !== undefined) budget.limit = limit;
    if (used !== undefined) budget.used = used;
    if (unit !== undefined) budget.unit = safeText(unit);
    next.budget = budget;
    stated = true;
  }
  return stated ? next : undefined;
}
