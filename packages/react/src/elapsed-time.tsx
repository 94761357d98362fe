// How long the run has taken, in the status row: ticking while the run is active, fixed once it settled
// ("took 1m 05s", from the runtime's own start and last-status times). Nothing is shown when the runtime
// gave no start time — an elapsed time is never guessed from when the page opened.
import { isRuntimeActive, type RuntimeSlice } from "@agent-ui/contracts";
import { useNow } from "./relative-time";

/** "8s", "1m 05s", "2h 03m" for a duration in milliseconds. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, "0")}m`;
  if (minutes > 0) return `${minutes}m ${String(seconds).padStart(2, "0")}s`;
  return `${seconds}s`;
}

/** ISO 8601 duration for the `<time dateTime>` attribute. */
function isoDuration(ms: number): string {
  return `PT${Math.max(0, Math.floor(ms / 1000))}S`;
}

function Ticking({ start }: { start: number }) {
  const now = useNow(1000);
  const ms = now - start;
  return (
    <time className="aui-elapsed" dateTime={isoDuration(ms)} title="Time since the run started">
      {formatDuration(ms)}
    </time>
  );
}

export function ElapsedTime({
  runtime,
}: {
  runtime: Pick<RuntimeSlice, "status" | "startedAt" | "updatedAt">;
}) {
  const start = runtime.startedAt === undefined ? Number.NaN : Date.parse(runtime.startedAt);
  if (!Number.isFinite(start)) return null;
  if (isRuntimeActive(runtime.status)) return <Ticking start={start} />;
  const end = runtime.updatedAt === undefined ? Number.NaN : Date.parse(runtime.updatedAt);
  if (!Number.isFinite(end) || end < start) return null;
  const ms = end - start;
  return (
    <time className="aui-elapsed" dateTime={isoDuration(ms)} title="How long the run took">
      took {formatDuration(ms)}
    </time>
  );
}
