// A teammate's own policy where it differs from the coordinator's (TEAM-17, PERM-02): permission mode,
// approval, sandbox, plan mode, budget and termination, each as the teammate's runtime reported it. A field
// equal to the coordinator's is not repeated; a field the coordinator has no fact for is shown (it cannot be
// known to be the same).
import type { PermissionSlice, TeammatePolicy } from "@agent-ui/contracts";
import { Badge, isFallback } from "./honest";

/** The coordinator's policy as the session's permission facts state it. */
export function coordinatorPolicyOf(permissions: Pick<PermissionSlice, "mode" | "sandbox">): TeammatePolicy {
  return {
    ...(isFallback(permissions.mode) ? {} : { permissionMode: permissions.mode }),
    ...(isFallback(permissions.sandbox) ? {} : { sandbox: permissions.sandbox }),
  };
}

const sandboxText = (sandbox: Record<string, unknown>): string =>
  Object.entries(sandbox)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(" ") || "default";

function budgetText(budget: NonNullable<TeammatePolicy["budget"]>): string {
  const unit = budget.unit ? ` ${budget.unit}` : "";
  if (budget.used !== undefined && budget.limit !== undefined)
    return `${budget.used} / ${budget.limit}${unit}`;
  if (budget.limit !== undefined) return `${budget.limit}${unit}`;
  return budget.used !== undefined ? `${budget.used}${unit} used` : "reported";
}

/** Each field of `policy` that differs from `coordinator`, as [label, value, coordinator's value?]. */
export function policyDifferences(
  policy: TeammatePolicy | undefined,
  coordinator: TeammatePolicy = {},
): [label: string, value: string, coordinatorValue?: string][] {
  if (policy === undefined) return [];
  const rows: [string, string | undefined, string | undefined][] = [
    ["mode", policy.permissionMode, coordinator.permissionMode],
    ["approval", policy.approval, coordinator.approval],
    [
      "sandbox",
      policy.sandbox && sandboxText(policy.sandbox),
      coordinator.sandbox && sandboxText(coordinator.sandbox),
    ],
    [
      "plan mode",
      policy.planMode === undefined ? undefined : policy.planMode ? "on" : "off",
      coordinator.planMode === undefined ? undefined : coordinator.planMode ? "on" : "off",
    ],
    [
      "budget",
      policy.budget && budgetText(policy.budget),
      coordinator.budget && budgetText(coordinator.budget),
    ],
    ["stops at", policy.termination, coordinator.termination],
  ];
  return rows
    .filter(([, value, theirs]) => value !== undefined && value !== theirs)
    .map(([label, value, theirs]) =>
      theirs === undefined ? [label, value as string] : [label, value as string, theirs],
    );
}

export function TeammatePolicyBadges({
  policy,
  coordinator,
}: {
  policy: TeammatePolicy | undefined;
  coordinator?: TeammatePolicy;
}) {
  const rows = policyDifferences(policy, coordinator);
  if (rows.length === 0) return null;
  return (
    <span className="aui-teammate-policy">
      <span className="aui-visually-hidden">Own policy, differs from the coordinator's: </span>
      {rows.map(([label, value, theirs]) => (
        <Badge
          key={label}
          label={label}
          value={value}
          tone="warn"
          title={theirs === undefined ? "The coordinator's is not reported" : `Coordinator: ${theirs}`}
        />
      ))}
    </span>
  );
}
