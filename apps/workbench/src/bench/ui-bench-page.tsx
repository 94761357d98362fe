// In-browser UI benchmark (loaded only at `#/bench`): a session whose timeline already holds N entries
// receives text deltas at a fixed rate through the real projector, rendered by the real surfaces through
// the frame-batched store. Long tasks come from the Performance API (`longtask` entries), frame times
// from requestAnimationFrame. The result is published on `window.__uiBench` for the runner.
import type { AgentUiEvent, ProjectionState, TimelineEntry } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection/core";
import { type Dispatch, type ProjectionStore, frameBatched } from "@agent-ui/react";
import { useEffect, useMemo } from "react";
import { SessionView } from "../session-view";

export interface UiBenchResult {
  deltas: number;
  ratePerSecond: number;
  timelineEntries: number;
  durationMs: number;
  frames: number;
  frameP50: number;
  frameP95: number;
  frameP99: number;
  frameMax: number;
  /** Frames that took longer than 20 ms (missed their 60 Hz vsync), of `frames`. */
  lateFrames: number;
  longTasks: number;
  longTaskMaxMs: number;
  longTaskTotalMs: number;
  /** [ms since the stream started, duration] of each long task. */
  longTaskLog: [number, number][];
  answerChars: number;
  expectedChars: number;
  /** Pixels between the conversation's bottom and its viewport at the end: ~0 when it followed the stream. */
  followGapPx: number;
}

declare global {
  interface Window {
    __uiBench?: UiBenchResult | { error: string };
  }
}

const SESSION = "bench-session";
const TURN = "turn-bench";
const MESSAGE = "msg-bench";

function params() {
  const query = new URLSearchParams(window.location.hash.split("?")[1] ?? "");
  const num = (key: string, fallback: number) => Number(query.get(key) ?? fallback) || fallback;
  return {
    deltas: num("deltas", 5000),
    rate: num("rate", 200),
    timeline: num("timeline", 10_000),
    // `shed=0` renders every frame even under load (the runner's --no-shed-load), for comparison.
    shedLoad: query.get("shed") !== "0",
  };
}

function envelope(sequence: number, type: string, extra: Partial<AgentUiEvent>): AgentUiEvent {
  return {
    type,
    eventId: `bench-${sequence}`,
    sequence,
    sessionId: SESSION,
    turnId: TURN,
    runId: "run-bench",
    ...extra,
  };
}

/** A projector whose state already holds a long history: `timeline` entries from earlier turns. */
function seededProjector(timelineEntries: number) {
  const seed = createProjector({ sessionId: SESSION });
  seed.apply(envelope(1, "run.started", {}));
  const base = seed.getState();
  const timeline: TimelineEntry[] = Array.from({ length: timelineEntries }, (_, i) => ({
    id: `history-${i}`,
    kind: i % 3 === 0 ? "tool" : i % 3 === 1 ? "status" : "message",
    title: `earlier step ${i}`,
    status: "completed",
    refs: {},
    source: { sequence: -timelineEntries + i, eventId: `history-${i}` },
  }));
  const projector = createProjector({ sessionId: SESSION });
  projector.hydrate({
    kind: "projection",
    state: { ...base, timeline: [...timeline, ...base.timeline] } as ProjectionState,
  });
  return projector;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const SETTLE_MS = 1500;
/** A frame this long missed its vsync (16.7 ms at 60 Hz; rAF times are coarsened to ~0.1 ms). */
const LATE_FRAME_MS = 20;

function followGap(): number {
  const el = document.querySelector(".wb-conversation .aui-chat-scroll");
  return el ? Math.round(el.scrollHeight - el.scrollTop - el.clientHeight) : -1;
}

const noDispatch: Dispatch = async () => ({ status: "unavailable", idempotencyKey: "", reason: "benchmark" });

/** Streams the deltas and measures; returns a stop function. */
function runStream(
  projector: ReturnType<typeof seededProjector>,
  config: ReturnType<typeof params>,
): () => void {
  const start = performance.now();
  const longTasks: number[] = [];
  const longTaskLog: [number, number][] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      longTasks.push(entry.duration);
      longTaskLog.push([Math.round(entry.startTime - start), Math.round(entry.duration)]);
    }
  });
  try {
    observer.observe({ type: "longtask", buffered: false });
  } catch {
    // Browsers without long-task timing report zero; the runner prints that honestly.
  }
  const frames: number[] = [];
  let last = performance.now();
  let running = true;
  const onFrame = (now: number) => {
    frames.push(now - last);
    last = now;
    if (running) requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);

  let sent = 0;
  let expectedChars = 0;
  let sequence = 2;
  const words = ["stream ", "of ", "tok", "ens ", "arrives ", "in ", "small ", "chunks, ", "not ", "words. "];
  const timer = setInterval(() => {
    const due = Math.min(config.deltas, Math.floor(((performance.now() - start) / 1000) * config.rate));
    // The deltas due in this tick arrive together, as several events in one network chunk would: one
    // applyAll, one change notification.
    const batch: AgentUiEvent[] = [];
    while (sent < due) {
      const delta = words[sent % words.length];
      expectedChars += delta.length;
      batch.push(
        envelope(sequence++, "text.delta", { messageId: MESSAGE, payload: { delta, role: "assistant" } }),
      );
      sent++;
    }
    if (batch.length > 0) projector.applyAll(batch);
    if (sent >= config.deltas) {
      clearInterval(timer);
      // Let the last frames paint before measuring.
      setTimeout(() => {
        running = false;
        observer.disconnect();
        const durationMs = performance.now() - start;
        const sorted = frames.slice(1).sort((a, b) => a - b);
        const message = projector.getState().messages.find((m) => m.id === MESSAGE);
        const answerChars = (message?.parts ?? []).reduce(
          (n, p) => n + (p.kind === "assistant_text" ? (p.text?.length ?? 0) : 0),
          0,
        );
        window.__uiBench = {
          deltas: sent,
          ratePerSecond: config.rate,
          timelineEntries: projector.getState().timeline.length,
          durationMs: Math.round(durationMs),
          frames: sorted.length,
          frameP50: percentile(sorted, 50),
          frameP95: percentile(sorted, 95),
          frameP99: percentile(sorted, 99),
          frameMax: sorted[sorted.length - 1] ?? 0,
          lateFrames: sorted.filter((ms) => ms > LATE_FRAME_MS).length,
          longTasks: longTasks.length,
          longTaskMaxMs: Math.max(0, ...longTasks),
          longTaskTotalMs: longTasks.reduce((a, b) => a + b, 0),
          longTaskLog,
          answerChars,
          expectedChars,
          followGapPx: followGap(),
        };
      }, 500);
    }
  }, 20);
  return () => {
    running = false;
    clearInterval(timer);
    observer.disconnect();
  };
}

export function UiBenchPage() {
  const config = useMemo(params, []);
  const projector = useMemo(() => seededProjector(config.timeline), [config.timeline]);
  const store: ProjectionStore<ProjectionState> = useMemo(
    () => frameBatched(projector, undefined, { shedLoad: config.shedLoad }),
    [projector, config.shedLoad],
  );

  useEffect(() => {
    // Measure streaming into a settled page, not page boot (bundle evaluation, style parsing, fonts).
    let stop: (() => void) | undefined;
    const settle = setTimeout(() => {
      stop = runStream(projector, config);
    }, SETTLE_MS);
    return () => {
      clearTimeout(settle);
      stop?.();
    };
  }, [projector, config]);

  return (
    <div className="wb-app">
      <header className="wb-header">
        <strong>UI benchmark</strong>
        <span className="aui-hint">
          {config.deltas} deltas at {config.rate}/s into a {config.timeline}-entry timeline
        </span>
      </header>
      <div className="wb-workspace">
        <SessionView store={store} dispatch={noDispatch} initialPanel="timeline" inspector={null} />
      </div>
    </div>
  );
}
