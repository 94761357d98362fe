// An automation job on its capsule (TASK-12, RT-AS-17): the job's item counts beside its own status, and
// each item's own status, attempt count and last error — a retrying item keeps the error it last failed
// with. Items that need attention (failed, or retrying after an error) are listed on the capsule; the rest
// are in the capsule's details. Long lists are cut with the count of the rest, never silently.
import type { JobItem, JobState } from "@agent-ui/contracts";
import { Badge, clip } from "./honest";

/** Items listed on the capsule itself; the details list shows up to `DETAIL_ITEMS`. */
const ATTENTION_ITEMS = 3;
const DETAIL_ITEMS = 50;

function needsAttention(item: JobItem): boolean {
  return item.status === "failed" || item.lastError !== undefined;
}

/** "1/2 done · 1 failed": the counts the runtime reported, else counted from the listed items. */
export function jobCounts(job: JobState): string {
  const total = job.total ?? job.items.length;
  const done = job.completed ?? job.items.filter((i) => i.status === "completed").length;
  const failed = job.failed ?? job.items.filter((i) => i.status === "failed").length;
  return `${done}/${total} done${failed > 0 ? ` · ${failed} failed` : ""}`;
}

function ItemLine({ item }: { item: JobItem }) {
  return (
    <li data-status={item.status}>
      <code>{item.itemId}</code> <Badge value={item.status} />
      {item.attempts !== undefined ? (
        <span className="aui-hint">
          {" "}
          {item.attempts} attempt{item.attempts === 1 ? "" : "s"}
        </span>
      ) : null}
      {item.lastError ? (
        <span className="aui-capsule-reason" title={item.lastError}>
          {" "}
          last error: {clip(item.lastError, 80)}
        </span>
      ) : null}
      {item.retryable === true ? <span className="aui-hint"> · retryable</span> : null}
    </li>
  );
}

/** The capsule line: counts, and the items that need attention. */
export function JobSummary({ job, name }: { job: JobState; name: string }) {
  const flagged = job.items.filter(needsAttention);
  return (
    <>
      <Badge label="items" value={jobCounts(job)} tone={flagged.length > 0 ? "warn" : "muted"} />
      {flagged.length > 0 ? (
        <ul className="aui-job-items" aria-label={`Items needing attention in ${name}`}>
          {flagged.slice(0, ATTENTION_ITEMS).map((item) => (
            <ItemLine key={item.itemId} item={item} />
          ))}
          {flagged.length > ATTENTION_ITEMS ? (
            <li className="aui-hint">{flagged.length - ATTENTION_ITEMS} more in details</li>
          ) : null}
        </ul>
      ) : null}
    </>
  );
}

/** Every item (up to `DETAIL_ITEMS`), for the capsule's details. */
export function JobItemList({ job, name }: { job: JobState; name: string }) {
  if (job.items.length === 0) return null;
  return (
    <ul className="aui-job-items" aria-label={`Items of ${name}`}>
      {job.items.slice(0, DETAIL_ITEMS).map((item) => (
        <ItemLine key={item.itemId} item={item} />
      ))}
      {job.items.length > DETAIL_ITEMS ? (
        <li className="aui-hint">{job.items.length - DETAIL_ITEMS} more items not listed</li>
      ) : null}
    </ul>
  );
}
