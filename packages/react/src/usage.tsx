// Token and cost usage from the projection's `metrics` (metric.changed, PERF-08): each usage metric the
// runtime reported, under a readable name, with grouped digits and the cost in its currency. Metric names
// are the runtime's (`tokens.input` for the last model call, `tokens.input.total` for the session, …), so
// the label keeps their scope words; nothing is summed or guessed.

const USAGE = /token|cost/i;

export interface UsageRow {
  name: string;
  label: string;
  value: string;
}

function labelOf(name: string): string {
  const words = name
    .replace(/[._]+/g, " ")
    .replace(/\busd\b/i, "")
    .trim()
    .split(/\s+/);
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function formatUsage(name: string, value: number): string {
  if (/cost/i.test(name))
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      maximumFractionDigits: 4,
    }).format(value);
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(value);
}

/** The usage metrics in a stable order: tokens first, then cost, each by name. */
export function usageRows(metrics: Record<string, number> | undefined): UsageRow[] {
  return Object.entries(metrics ?? {})
    .filter(([name, value]) => USAGE.test(name) && Number.isFinite(value))
    .sort(([a], [b]) => Number(/cost/i.test(a)) - Number(/cost/i.test(b)) || a.localeCompare(b))
    .map(([name, value]) => ({ name, label: labelOf(name), value: formatUsage(name, value) }));
}

export function UsageSummary({ metrics }: { metrics: Record<string, number> | undefined }) {
  const rows = usageRows(metrics);
  if (rows.length === 0) return <span className="aui-hint aui-usage-none">usage: unavailable</span>;
  return (
    <dl className="aui-usage" aria-label="Usage">
      {rows.map((row) => (
        <div key={row.name} className="aui-usage-row" title={row.name}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
