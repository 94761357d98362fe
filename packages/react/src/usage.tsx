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

const currency = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 4,
});
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

function formatUsage(name: string, value: number): string {
  return (/cost/i.test(name) ? currency : whole).format(value);
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

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** A short word per usage metric for the one-line turn summary (`in`, `out`, …); cost has none. */
function shortLabel(name: string): string {
  const words = name
    .toLowerCase()
    .split(/[._]+/)
    .filter((w) => w !== "tokens" && w !== "token" && w !== "model");
  if (words.includes("input") && words.includes("cached")) return "cached";
  if (words.includes("reasoning")) return "reasoning";
  if (words.includes("input")) return "in";
  if (words.includes("output")) return "out";
  return words.join(" ");
}

/** One answer's turn usage (`Message.usage`): a compact line (`3.4K in · 118 out · $0.0142`) whose exact
 * numbers, under the runtime's metric names, show on hover and keyboard focus. */
export function TurnUsage({ usage, id }: { usage: Record<string, number> | undefined; id: string }) {
  const rows = usageRows(usage);
  if (rows.length === 0) return null;
  const line = rows
    .map((row) =>
      /cost/i.test(row.name)
        ? row.value
        : `${compact.format((usage as Record<string, number>)[row.name])} ${shortLabel(row.name)}`,
    )
    .join(" · ");
  const tipId = `aui-usage-${id.replace(/[^\w-]/g, "_")}`;
  return (
    <div className="aui-turn-usage">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the exact numbers */}
      <span className="aui-turn-usage-line" tabIndex={0} aria-describedby={tipId} data-usage-line="">
        <span className="aui-visually-hidden">Turn usage: </span>
        {line}
      </span>
      <div className="aui-turn-usage-exact" role="tooltip" id={tipId}>
        <dl>
          {rows.map((row) => (
            <div key={row.name}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
