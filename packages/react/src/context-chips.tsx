// ContextChips: context refs as chips, a low-noise budget meter, missing context as `blocked`/`unknown`
// (never fabricated) and compaction as a visible boundary, not a hidden text rewrite (CTX-01..03). Each
// boundary is drawn once, in the conversation at its place; here only one collapsed summary line, so the
// status bar keeps its height however many compactions a session has.
import type { ContextSlice } from "@agent-ui/contracts";
import { Badge } from "./honest";

export function ContextChips({ context }: { context: ContextSlice }) {
  const ratio =
    context.budget?.ratio ??
    (context.budget?.used !== undefined && context.budget.limit
      ? context.budget.used / context.budget.limit
      : undefined);
  return (
    <section className="aui-context" aria-label="Context">
      <ul className="aui-chips">
        {context.refs.map((ref) => (
          <li key={ref.id} className="aui-chip" title={ref.kind}>
            {ref.label ?? ref.id}
          </li>
        ))}
        {context.missing.map((m, i) => (
          <li key={m.id ?? `missing-${i}`} className="aui-chip aui-chip-missing" title={m.reason}>
            {m.label ?? m.id ?? "context"}: <Badge value={m.reason ? "blocked" : "unknown"} />
            {m.reason ? <span className="aui-hint"> {m.reason}</span> : null}
          </li>
        ))}
      </ul>
      {ratio !== undefined ? (
        <label className="aui-inline-label">
          Context budget
          <meter
            min={0}
            max={1}
            low={0.7}
            high={0.9}
            optimum={0.2}
            value={ratio}
            aria-label="Context budget used"
          />
          <span className="aui-hint">{Math.round(ratio * 100)}%</span>
        </label>
      ) : (
        <Badge label="context budget" value="unavailable" />
      )}
      <CompactionSummary compactions={context.compactions} />
    </section>
  );
}

function CompactionSummary({ compactions }: { compactions: ContextSlice["compactions"] }) {
  const last = compactions.at(-1);
  if (!last) return null;
  const describe = (c: typeof last) =>
    `${c.status}${
      c.tokensBefore !== undefined && c.tokensAfter !== undefined
        ? ` · ${c.tokensBefore} → ${c.tokensAfter} tokens`
        : ""
    }${c.summary ? ` · ${c.summary}` : ""}`;
  return (
    <details className="aui-boundary aui-compactions" data-boundary="compaction">
      <summary>
        {compactions.length === 1 ? "Context compaction" : `${compactions.length} context compactions · last`}{" "}
        {describe(last)}
      </summary>
      {compactions.length > 1 ? (
        <ol className="aui-compaction-list">
          {compactions.map((c) => (
            <li key={c.id}>{describe(c)}</li>
          ))}
        </ol>
      ) : null}
    </details>
  );
}
