// Stream rendering metrics (PERF-02): how far rendering lags the stream. The frame batcher reports each
// change notification, each frame it sheds under load and each render; this keeps the standard's names —
// queue depth, oldest unrendered age, render mode (smooth / catch-up / paused / fallback), mode transitions,
// rapid re-entries into catch-up and the interval between renders. It counts; it never changes rendering.

export type StreamRenderMode = "smooth" | "catch-up" | "paused" | "fallback";

export interface StreamMetricsSnapshot {
  "text_delta.queue_depth": number;
  "text_delta.oldest_unrendered_age_ms": number;
  "stream.render_mode": StreamRenderMode;
  "stream.mode_transition_count": number;
  "stream.rapid_reentry_count": number;
  /** Absent until two renders happened. */
  "stream.flush_interval_ms"?: number;
}

/** Re-entering catch-up this soon after leaving it counts as a rapid re-entry (flapping). */
const RAPID_REENTRY_MS = 1000;

export class StreamMetrics {
  private depth = 0;
  private oldestAt: number | undefined;
  private renderMode: StreamRenderMode;
  private transitions = 0;
  private reentries = 0;
  private leftCatchUpAt: number | undefined;
  private lastRenderAt: number | undefined;
  private interval: number | undefined;
  private readonly baseMode: "smooth" | "fallback";

  constructor(
    private readonly now: () => number,
    /** True when frames come from a timer because the environment has no animation frames. */
    fallback = false,
  ) {
    this.baseMode = fallback ? "fallback" : "smooth";
    this.renderMode = this.baseMode;
  }

  /** A change notification the next render will show. */
  changed(): void {
    this.depth += 1;
    this.oldestAt ??= this.now();
  }

  /** A frame came late and was shed: rendering is catching up. */
  shed(): void {
    this.enter("catch-up");
  }

  /** A render showed everything pending; `late` when its frame came late. */
  rendered(late: boolean): void {
    const at = this.now();
    if (this.lastRenderAt !== undefined) this.interval = at - this.lastRenderAt;
    this.lastRenderAt = at;
    this.depth = 0;
    this.oldestAt = undefined;
    if (!late && this.renderMode === "catch-up") this.enter(this.baseMode);
  }

  /** The page is hidden (frames stop) or visible again. */
  visibility(hidden: boolean): void {
    if (hidden) this.enter("paused");
    else if (this.renderMode === "paused") this.enter(this.baseMode);
  }

  snapshot(): StreamMetricsSnapshot {
    return {
      "text_delta.queue_depth": this.depth,
      "text_delta.oldest_unrendered_age_ms": this.oldestAt === undefined ? 0 : this.now() - this.oldestAt,
      "stream.render_mode": this.renderMode,
      "stream.mode_transition_count": this.transitions,
      "stream.rapid_reentry_count": this.reentries,
      ...(this.interval !== undefined ? { "stream.flush_interval_ms": this.interval } : {}),
    };
  }

  private enter(mode: StreamRenderMode): void {
    if (mode === this.renderMode) return;
    const at = this.now();
    if (this.renderMode === "catch-up") this.leftCatchUpAt = at;
    if (mode === "catch-up" && this.leftCatchUpAt !== undefined && at - this.leftCatchUpAt < RAPID_REENTRY_MS)
      this.reentries += 1;
    this.renderMode = mode;
    this.transitions += 1;
  }
}
