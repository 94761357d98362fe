// @vitest-environment happy-dom
import { projectEvents } from "@agent-ui/projection";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { QueuedTurn } from "../src/queued-turn";
import { RelativeTime, relativeTime } from "../src/relative-time";
import { RuntimeStatus } from "../src/runtime-status";
import { usageRows } from "../src/usage";
import { emptyState } from "./fixtures/empty";
import { eventStream, renderConversation } from "./helpers";

afterEach(cleanup);

describe("usage from metrics", () => {
  it("PERF-08 token and cost metrics show under readable names, grouped digits, cost in USD", () => {
    const metrics = {
      "tokens.input": 1234,
      "tokens.output.total": 56789,
      "cost.recorded": 0.01234,
      "latency.ttft_ms": 420,
    };
    expect(usageRows(metrics).map((r) => [r.label, r.value])).toEqual([
      ["Tokens input", "1,234"],
      ["Tokens output total", "56,789"],
      ["Cost recorded", "$0.0123"],
    ]);
    render(<RuntimeStatus runtime={emptyState().runtime} metrics={metrics} />);
    const usage = screen.getByLabelText("Usage");
    expect(usage.textContent).toContain("Tokens output total");
    expect(usage.textContent).toContain("56,789");
    expect(usage.textContent).not.toContain("ttft");
  });

  it("FALL-01 no usage metric reads 'usage: unavailable'", () => {
    render(<RuntimeStatus runtime={emptyState().runtime} metrics={{}} />);
    expect(screen.getByText("usage: unavailable")).toBeTruthy();
  });
});

describe("time", () => {
  it("relative wording, exact time on hover, machine time in dateTime", () => {
    const now = Date.UTC(2026, 0, 10, 12, 0, 0);
    expect(relativeTime(now - 10_000, now, "en")).toBe("just now");
    expect(relativeTime(now - 5 * 60_000, now, "en")).toBe("5 minutes ago");
    expect(relativeTime(now - 3 * 3600_000, now, "en")).toBe("3 hours ago");
    expect(relativeTime(now - 26 * 3600_000, now, "en")).toBe("yesterday");
    const at = new Date(Date.now() - 2 * 60_000).toISOString();
    render(<RelativeTime value={at} prefix="queued" />);
    const time = screen.getByText(/queued/);
    expect(time.tagName).toBe("TIME");
    expect(time.getAttribute("dateTime")).toBe(at);
    expect(time.textContent).toBe("queued 2 minutes ago");
    expect(time.getAttribute("title")).toMatch(/\d{4}/);
  });

  it("QUEUE-03 a queued turn's time is formatted, never a raw ISO string", () => {
    const at = new Date(Date.now() - 120 * 60_000).toISOString();
    render(<QueuedTurn item={{ id: "q1", position: 1, status: "queued", preview: "next", createdAt: at }} />);
    expect(screen.getByRole("listitem").textContent).not.toContain(at);
    expect(screen.getByText(/queued 2 hours ago/).getAttribute("dateTime")).toBe(at);
  });

  it("each message shows when it was said: relative, its first event's time in dateTime, exact on hover", () => {
    const asked = new Date(Date.now() - 3 * 60_000).toISOString();
    const answered = new Date(Date.now() - 2 * 60_000).toISOString();
    const e = eventStream({ turnId: "t1", runId: "r1" });
    const state = projectEvents([
      e("run.started", { payload: { input: "What changed?" }, timestamp: asked }),
      e("text.delta", { messageId: "m1", payload: { delta: "Two " }, timestamp: answered }),
      e("text.delta", { messageId: "m1", payload: { delta: "files." }, timestamp: new Date().toISOString() }),
    ]);
    renderConversation({ ...emptyState(), messages: state.messages });
    const [user, assistant] = screen.getAllByRole("article");
    const userTime = within(user).getByText("3 minutes ago");
    expect(userTime.tagName).toBe("TIME");
    expect(userTime.getAttribute("dateTime")).toBe(asked);
    expect(userTime.getAttribute("title")).toMatch(/\d{4}/);
    expect(within(assistant).getByText("2 minutes ago").getAttribute("dateTime")).toBe(answered);
  });

  it("a host can hide message times; messages without a time show none", () => {
    const e = eventStream({ turnId: "t1", messageId: "m1" });
    const dated = projectEvents([
      e("text.delta", { payload: { delta: "hi" }, timestamp: new Date().toISOString() }),
    ]);
    renderConversation({ ...emptyState(), messages: dated.messages }, { timeOf: () => undefined });
    expect(screen.getByRole("article").querySelector("time")).toBeNull();
    cleanup();
    const f = eventStream({ turnId: "t1", messageId: "m1" });
    renderConversation({
      ...emptyState(),
      messages: projectEvents([f("text.delta", { payload: { delta: "hi" } })]).messages,
    });
    expect(screen.getByRole("article").querySelector("time")).toBeNull();
  });
});
