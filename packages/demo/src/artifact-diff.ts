// A unified diff between two artifact versions, as the runtime's artifact service would hand it out behind
// a `diffRef`. Linear time: the common leading and trailing lines are context, everything between is one
// hunk of removed then added lines — a valid (not always minimal) diff, enough for a document review.

const CONTEXT_LINES = 3;

export interface DiffLabels {
  from: string;
  to: string;
}

export interface ArtifactDiff {
  text: string;
  added: number;
  removed: number;
}

export function unifiedDiff(before: string, after: string, labels: DiffLabels): ArtifactDiff {
  const a = before.split("\n");
  const b = after.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const removed = a.slice(head, a.length - tail);
  const added = b.slice(head, b.length - tail);
  const lines = [`--- ${labels.from}`, `+++ ${labels.to}`];
  if (removed.length === 0 && added.length === 0) return { text: lines.join("\n"), added: 0, removed: 0 };
  const start = Math.max(0, head - CONTEXT_LINES);
  const leading = a.slice(start, head);
  const trailing = a.slice(a.length - tail, Math.min(a.length, a.length - tail + CONTEXT_LINES));
  const oldCount = leading.length + removed.length + trailing.length;
  const newCount = leading.length + added.length + trailing.length;
  // Unified diff ranges are 1-based; an empty range names the line before it.
  const range = (count: number) => `${count === 0 ? start : start + 1},${count}`;
  lines.push(`@@ -${range(oldCount)} +${range(newCount)} @@`);
  for (const line of leading) lines.push(` ${line}`);
  for (const line of removed) lines.push(`-${line}`);
  for (const line of added) lines.push(`+${line}`);
  for (const line of trailing) lines.push(` ${line}`);
  return { text: lines.join("\n"), added: added.length, removed: removed.length };
}
