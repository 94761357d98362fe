// A coloured unified diff. `DiffView` colours a unified diff the runtime produced (`diffRef` detail);
// `VersionDiff` computes one between two loaded versions with the `diff` library. Added lines are green
// with "+", removed red with "−", hunk headers muted — the sign is text too, so colour is never the only cue.
import { useEffect, useState } from "react";

type DiffLib = typeof import("diff");
let diffLib: DiffLib | undefined;
/** The diff library is loaded on first use (its own chunk), not with the initial bundle. */
export async function loadDiff(): Promise<DiffLib> {
  diffLib ??= await import("diff");
  return diffLib;
}

type LineKind = "add" | "del" | "hunk" | "meta" | "ctx";

function kindOf(line: string): LineKind {
  if (line.startsWith("+++") || line.startsWith("---")) return "meta";
  if (line.startsWith("@@")) return "hunk";
  if (line.startsWith("+")) return "add";
  if (line.startsWith("-")) return "del";
  return "ctx";
}

/** Lines longer than this are clipped in the view (the full text stays in the loaded detail). */
const MAX_LINES = 5000;

export function DiffView({ text, label = "Unified diff" }: { text: string; label?: string }) {
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const shown = lines.slice(0, MAX_LINES);
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    const kind = kindOf(line);
    if (kind === "add") added++;
    else if (kind === "del") removed++;
  }
  return (
    <figure className="aui-diff" aria-label={label}>
      <figcaption className="aui-hint">
        <span className="aui-diff-added">+{added}</span> <span className="aui-diff-removed">−{removed}</span>
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <pre tabIndex={0}>
        {shown.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are positional
          <span key={i} className={`aui-diff-line aui-diff-${kindOf(line)}`} data-kind={kindOf(line)}>
            {line}
            {"\n"}
          </span>
        ))}
      </pre>
      {lines.length > MAX_LINES ? <p className="aui-hint">{lines.length - MAX_LINES} more lines</p> : null}
    </figure>
  );
}

/** A unified diff between two texts, as `DiffView` renders it. */
export function unifiedDiffText(
  lib: DiffLib,
  before: string,
  after: string,
  fromLabel: string,
  toLabel: string,
): string {
  const patch = lib.structuredPatch(fromLabel, toLabel, before, after, "", "", { context: 3 });
  const out = [`--- ${fromLabel}`, `+++ ${toLabel}`];
  for (const hunk of patch.hunks) {
    out.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`);
    out.push(...hunk.lines);
  }
  return out.join("\n");
}

export function VersionDiff(props: { before: string; after: string; fromLabel: string; toLabel: string }) {
  const [lib, setLib] = useState(diffLib);
  useEffect(() => {
    if (!lib) loadDiff().then(setLib, () => undefined);
  }, [lib]);
  if (!lib) return <p className="aui-hint">comparing…</p>;
  const text = unifiedDiffText(lib, props.before, props.after, props.fromLabel, props.toLabel);
  return <DiffView text={text} label={`Changes from ${props.fromLabel} to ${props.toLabel}`} />;
}
