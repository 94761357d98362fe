// @vitest-environment happy-dom
// Resource and restore metrics that components observe themselves (PERF-03, PERF-04): a restored session's
// timeline shows its newest rows at once and lays out the rest while the browser is idle — the rows still
// waiting are `deferred.timeline_pending_count`, the time until the last one is on screen
// `timeline.idle_hydrate_ms`; an artifact preview the user opens counts in `artifact.preview_loaded_bytes`
// while it is shown.
import { type TimelineEntry, readLatency } from "@agent-ui/contracts";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ArtifactWorkspace } from "../src/artifact-workspace";
import { ProcessTimeline } from "../src/process-timeline";
import { SessionMetrics, SessionMetricsProvider } from "../src/session-metrics";
import { teamRunning } from "./fixtures/team";

afterEach(cleanup);

function entries(n: number, from = 0): TimelineEntry[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `e${from + i}`,
    kind: "tool",
    title: `entry ${from + i}`,
    refs: {},
    source: { sequence: from + i + 1 },
  }));
}

const firstRowTitle = (container: HTMLElement) =>
  container.querySelector(".aui-timeline .aui-vrow .aui-tl-title")?.textContent;

describe("PERF-03/PERF-04 timeline deferral", () => {
  it("AS-TL-01 a restored 1,000-row timeline shows its newest rows first, 950 pending, then all of them once idle", async () => {
    const metrics = new SessionMetrics();
    const timeline = (rows: TimelineEntry[]) => (
      <SessionMetricsProvider value={metrics}>
        <ProcessTimeline entries={rows} height={320} rowHeight={32} />
      </SessionMetricsProvider>
    );
    const all = entries(1000);
    const { container, rerender } = render(timeline(all));
    // First paint: the newest 50 rows; the 950 older ones wait for idle time.
    expect(screen.getByText("1000 entries")).toBeTruthy();
    expect(firstRowTitle(container)).toBe("entry 950");
    expect(metrics.snapshot()["deferred.timeline_pending_count"]).toBe(950);
    expect(metrics.snapshot()["timeline.idle_hydrate_ms"]).toBeUndefined();

    await waitFor(() => expect(metrics.snapshot()["deferred.timeline_pending_count"]).toBe(0));
    // The older rows arrive above the ones shown: the view stays where it was, and all 1,000 are there.
    const list = container.querySelector(".aui-timeline .aui-vlist") as HTMLElement;
    expect(list.dataset.total).toBe("1000");
    expect(firstRowTitle(container)).not.toBe("entry 0");
    list.scrollTop = 0;
    fireEvent.scroll(list);
    expect(firstRowTitle(container)).toBe("entry 0");
    expect(screen.queryByText(/loading\)/)).toBeNull();
    const idle = metrics.snapshot()["timeline.idle_hydrate_ms"];
    expect(idle).toBeGreaterThanOrEqual(0);

    // A live stream's few new rows show at once: nothing waits and the restore is not measured again.
    rerender(timeline([...all, ...entries(3, 1000)]));
    expect(metrics.snapshot()["deferred.timeline_pending_count"]).toBe(0);
    expect(screen.getByText("1003 entries")).toBeTruthy();
    expect(metrics.snapshot()["timeline.idle_hydrate_ms"]).toBe(idle);
  });

  it("a short timeline waits for nothing and records no idle completion", () => {
    const metrics = new SessionMetrics();
    const { container } = render(
      <SessionMetricsProvider value={metrics}>
        <ProcessTimeline entries={entries(30)} />
      </SessionMetricsProvider>,
    );
    expect(firstRowTitle(container)).toBe("entry 0");
    expect(metrics.snapshot()["deferred.timeline_pending_count"]).toBe(0);
    expect(metrics.snapshot()["timeline.idle_hydrate_ms"]).toBeUndefined();
  });
});

describe("PERF-04 artifact.preview_loaded_bytes", () => {
  it("counts the UTF-8 bytes of a preview the user opened while it is shown, and releases them", async () => {
    const metrics = new SessionMetrics();
    const art = teamRunning().artifacts["art-1"];
    const artifacts = {
      "art-1": { ...art, preview: undefined, readRef: undefined, previewRef: "artifact://art-1/preview/v1" },
    };
    // 1,000 two-byte characters and 4 ASCII ones.
    const body = `${"é".repeat(1000)}plan`;
    const view = render(
      <SessionMetricsProvider value={metrics}>
        <ArtifactWorkspace artifacts={artifacts} loadDetail={async () => body} />
      </SessionMetricsProvider>,
    );
    expect(metrics.snapshot()["artifact.preview_loaded_bytes"]).toBeUndefined();
    const preview = screen.getByRole("region", { name: "Preview" });
    await act(async () => fireEvent.click(within(preview).getByRole("button", { name: "Show preview" })));
    expect(within(preview).getByText(body)).toBeTruthy();
    expect(metrics.snapshot()["artifact.preview_loaded_bytes"]).toBe(2004);
    view.unmount();
    expect(metrics.snapshot()["artifact.preview_loaded_bytes"]).toBe(0);
  });
});

describe("PERF-07 artifactReferenceToPreviewMs", () => {
  it("PERF-06 PERF-07 times an artifact reference from the click to its preview, under the canonical name", async () => {
    const metrics = new SessionMetrics();
    const art = teamRunning().artifacts["art-1"];
    const artifacts = {
      "art-1": { ...art, preview: undefined, readRef: undefined, previewRef: "artifact://art-1/preview/v1" },
    };
    let answer: (text: string) => void = () => {};
    render(
      <SessionMetricsProvider value={metrics}>
        <ArtifactWorkspace
          artifacts={artifacts}
          loadDetail={() => new Promise<string>((resolve) => (answer = resolve))}
        />
      </SessionMetricsProvider>,
    );
    const preview = screen.getByRole("region", { name: "Preview" });
    await act(async () => fireEvent.click(within(preview).getByRole("button", { name: "Show preview" })));
    // Asked, not shown yet: nothing measured.
    expect(metrics.snapshot()["artifact.reference_to_preview_ms"]).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 15));
    await act(async () => answer("plan"));
    const measured = metrics.snapshot()["artifact.reference_to_preview_ms"];
    expect(measured).toBeGreaterThanOrEqual(10);
    expect(readLatency("artifactReferenceToPreviewMs", { metrics: metrics.snapshot() })).toBe(measured);
  });
});
