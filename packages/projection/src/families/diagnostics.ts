// diagnostic.changed / metric.changed (DIAG-01/02, ROUTE-02, SEC-06): diagnostics and metrics stay out of
// messages and the user timeline. A limit summary carried by a diagnostic updates the status row's limit
// chip, never prose.
import { SEVERITIES, isMember } from "@agent-ui/contracts";
import { asNumber, asString, isRecord } from "../internal/json";
import { safeText } from "../internal/safety";
import type { EventContext, Store } from "../store";
import { applyLimits } from "./run";
import { recordTurnUsage } from "./turn-usage";

function diagnosticChanged(store: Store, ctx: EventContext): void {
  const { payload, event } = ctx;
  const code = asString(payload.code) ?? "runtime_warning";
  const severity = isMember(SEVERITIES, payload.severity) ? payload.severity : "warning";
  const message = safeText(asString(payload.message) ?? code);
  store.diag(code, severity, message, event);
  if (isRecord(payload.limit)) {
    applyLimits(store.runtime.value, payload.limit, ctx);
    store.runtime.touch();
  }
}

function metricChanged(store: Store, ctx: EventContext): void {
  const { payload, event } = ctx;
  const name = asString(event.metricName) ?? asString(payload.name);
  const value = asNumber(payload.value);
  if (name === undefined || value === undefined) {
    store.diag(
      "schema_mismatch",
      "info",
      "metric.changed needs metricName and a numeric payload.value",
      event,
    );
    return;
  }
  store.metrics.value[name] = value;
  store.metrics.touch();
  recordTurnUsage(store, ctx, name, value);
}

export const diagnosticHandlers = {
  "diagnostic.changed": diagnosticChanged,
  "metric.changed": metricChanged,
} as const;
