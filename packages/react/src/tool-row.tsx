// ToolRow: one tool call by `toolCallId` — safe input summary, live progress, output preview and the full
// output only on demand via its ref (TOOL-01..08). Failed attempts keep their own row (TOOL-07).
import {
  TOOL_TERMINAL_STATES,
  type ToolOutputPlan,
  type ToolRecord,
  planToolOutput,
} from "@agent-ui/contracts";
import { useState } from "react";
import type { Dispatch } from "./commands";
import { Badge, clip, honestText } from "./honest";
import { type DetailLoader, LazyDetail } from "./lazy-detail";
import { useToolThresholds } from "./tool-thresholds";

export interface ToolRowProps {
  tool: ToolRecord;
  dispatch?: Dispatch;
  /** Reads the full output behind `outputRef` from its owner, shown in place (TOOL-05). Without it the
   * row asks the owner with an `open_detail` write. */
  loadDetail?: DetailLoader;
  /** Start with the detail region open (UI-only state). */
  defaultOpen?: boolean;
}

export function ToolRow({ tool, dispatch, loadDetail, defaultOpen = false }: ToolRowProps) {
  const [open, setOpen] = useState(defaultOpen);
  const name = honestText(tool.name);
  const ratio = tool.progress?.ratio;
  const detailId = `tool-detail-${tool.toolCallId}`;
  // When to cut the input, summarize the output, warn and require expansion: the product's thresholds.
  const { thresholds, contextLimitTokens } = useToolThresholds();
  const plan = planToolOutput(tool, thresholds, contextLimitTokens);
  return (
    <article className="aui-tool-row" aria-label={`Tool ${name}`} data-status={tool.status}>
      <header className="aui-row-head">
        <span className="aui-tool-name">{name}</span>
        <Badge value={tool.status} />
        {tool.inputSummary ? (
          <code
            className="aui-tool-input"
            title={plan.truncateInput ? `${tool.inputSummary.length} characters` : undefined}
          >
            {clip(tool.inputSummary, thresholds.inputChars)}
          </code>
        ) : null}
        {tool.redactedFields ? (
          <span className="aui-hint">{tool.redactedFields} field(s) redacted</span>
        ) : null}
        <button
          type="button"
          className="aui-button aui-button-quiet"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? "Hide details" : "Details"}
        </button>
      </header>
      {/* Progress belongs to a call still in flight: a finished, failed or cancelled call keeps no spinner
          and no stale progress line ("Waiting for approval" after the decision). */}
      {!TOOL_TERMINAL_STATES.includes(tool.status) && (tool.status === "running" || tool.progress) ? (
        <div className="aui-tool-progress">
          {ratio !== undefined ? (
            <progress max={1} value={ratio} aria-label={`${name} progress`} />
          ) : tool.status === "running" || tool.status === "input-streaming" ? (
            <span className="aui-spinner" aria-hidden="true" />
          ) : null}
          {tool.progress?.message ? <span>{tool.progress.message}</span> : null}
        </div>
      ) : null}
      {tool.error ? (
        <p className="aui-tool-error" role="alert">
          {tool.error.category ? `${tool.error.category}: ` : ""}
          {tool.error.message}
          {dispatch && tool.error.retryable ? (
            <button
              type="button"
              className="aui-button"
              onClick={() => dispatch({ kind: "retry", toolCallId: tool.toolCallId, turnId: tool.turnId })}
            >
              Retry
            </button>
          ) : null}
        </p>
      ) : null}
      {/* A failed call keeps what it wrote before failing (its stderr, a diagnostic) beside the error. */}
      {tool.status === "output-available" ||
      (tool.status === "output-error" && (tool.outputPreview || tool.outputRef)) ? (
        <ToolOutputPreview tool={tool} plan={plan} previewChars={thresholds.previewChars} />
      ) : null}
      {plan.contextWarning ? <ContextImpact warning={plan.contextWarning} /> : null}
      {open ? (
        <div id={detailId} className="aui-tool-detail">
          <dl>
            <dt>toolCallId</dt>
            <dd>{tool.toolCallId}</dd>
            <dt>kind</dt>
            <dd>{honestText(tool.kind)}</dd>
            {tool.hook ? (
              <>
                <dt>hook</dt>
                <dd>{`${tool.hook.status}${tool.hook.decision ? ` · ${tool.hook.decision}` : ""}`}</dd>
              </>
            ) : null}
            {tool.sandboxViolation ? (
              <>
                <dt>sandbox</dt>
                <dd>{tool.sandboxViolation}</dd>
              </>
            ) : null}
          </dl>
          {tool.attempts.length > 0 ? (
            <ol className="aui-attempts" aria-label="Attempts">
              {tool.attempts.map((a) => (
                <li key={a.attempt}>
                  attempt {a.attempt}: <Badge value={a.status} />
                  {a.error ? ` ${a.error.message}` : ""}
                </li>
              ))}
            </ol>
          ) : null}
          {tool.outputText !== undefined ? (
            <FullOutput text={tool.outputText} explicit={plan.requireExpansion} />
          ) : tool.outputRef && loadDetail ? (
            <LazyDetail refValue={tool.outputRef} label="Open full output" load={loadDetail} />
          ) : tool.outputRef && dispatch ? (
            <button
              type="button"
              className="aui-button"
              onClick={() => dispatch({ kind: "open_detail", ref: tool.outputRef as string })}
            >
              Open full output
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

function ToolOutputPreview(props: { tool: ToolRecord; plan: ToolOutputPlan; previewChars: number }) {
  const { tool, plan, previewChars } = props;
  if (!tool.outputPreview) {
    return <p className="aui-hint">{tool.outputRef ? "Output stored as a reference" : "No output"}</p>;
  }
  return (
    <figure className="aui-tool-output">
      <pre>{clip(tool.outputPreview, previewChars)}</pre>
      {plan.summarize ? (
        <figcaption>
          {tool.outputBytes ?? tool.outputPreview.length} bytes · open details for the rest
        </figcaption>
      ) : null}
    </figure>
  );
}

/** The output is large for the model's context (TOOL-06): said once, beside the output, with its size. */
function ContextImpact({ warning }: { warning: NonNullable<ToolOutputPlan["contextWarning"]> }) {
  const share = warning.share !== undefined ? ` (${Math.round(warning.share * 100)}% of the context)` : "";
  return (
    <p className="aui-hint aui-tool-context" role="note">
      Large for the model's context: about {warning.tokens.toLocaleString("en")} tokens{share}
    </p>
  );
}

/** The whole output the projection kept: shown in place when small, behind an explicit "Show full
 * output" when larger than the expansion threshold (TOOL-06). */
function FullOutput({ text, explicit }: { text: string; explicit: boolean }) {
  const [shown, setShown] = useState(!explicit);
  return shown ? (
    <figure className="aui-tool-full" aria-label="Full output">
      <pre>{text}</pre>
    </figure>
  ) : (
    <button type="button" className="aui-button" onClick={() => setShown(true)}>
      Show full output
    </button>
  );
}
