// @vitest-environment happy-dom
import type { ProjectionState } from "@agent-ui/contracts";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type ProjectionStore, frameBatched, shallowEqual, useProjection } from "../src/use-projection";
import { emptyState } from "./fixtures/empty";

afterEach(cleanup);

function store(initial: ProjectionState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set(next: ProjectionState) {
      state = next;
      for (const l of listeners) l();
    },
    listenerCount: () => listeners.size,
  };
}

const selectRuntime = (s: ProjectionState) => s.runtime;
const selectMessages = (s: ProjectionState) => s.messages;
const selectCounts = (s: ProjectionState) => ({
  tools: Object.keys(s.tools).length,
  messages: s.messages.length,
});

const renders = { status: 0, messages: 0, counts: 0 };
function Status({ src }: { src: ProjectionStore<ProjectionState> }) {
  renders.status++;
  return <p>{useProjection(src, selectRuntime).status}</p>;
}
function Messages({ src }: { src: ProjectionStore<ProjectionState> }) {
  renders.messages++;
  return <p>{useProjection(src, selectMessages).length} messages</p>;
}
function Counts({ src }: { src: ProjectionStore<ProjectionState> }) {
  renders.counts++;
  const c = useProjection(src, selectCounts, shallowEqual);
  return <p>{c.tools} tools</p>;
}

describe("useProjection", () => {
  it("ARCH-05 only the component whose slice changed re-renders", () => {
    const s = store(emptyState());
    Object.assign(renders, { status: 0, messages: 0, counts: 0 });
    render(
      <>
        <Status src={s} />
        <Messages src={s} />
        <Counts src={s} />
      </>,
    );
    const before = { ...renders };
    act(() => {
      const prev = s.getState();
      s.set({ ...prev, runtime: { ...prev.runtime, status: "streaming" } });
    });
    expect(screen.getByText("streaming")).toBeTruthy();
    expect(renders.status).toBe(before.status + 1);
    expect(renders.messages).toBe(before.messages);
    expect(renders.counts).toBe(before.counts);
  });

  it("PERF-02 frameBatched delivers one notification per frame for a burst of changes", () => {
    const s = store(emptyState());
    const frames: (() => void)[] = [];
    const batched = frameBatched(s, (flush) => frames.push(flush));
    let notified = 0;
    const off = batched.subscribe(() => notified++);
    for (let i = 0; i < 100; i++) s.set({ ...s.getState(), metrics: { i } });
    expect(notified).toBe(0);
    expect(frames).toHaveLength(1);
    frames[0]();
    expect(notified).toBe(1);
    expect(batched.getState().metrics).toEqual({ i: 99 });
    off();
    expect(s.listenerCount()).toBe(0);
  });

  it("PERF-02 with shedLoad a late frame defers rendering by one frame, never two in a row, and reads stay current", () => {
    const s = store(emptyState());
    const frames: (() => void)[] = [];
    let clock = 0;
    const batched = frameBatched(s, (flush) => frames.push(flush), { shedLoad: true, now: () => clock });
    let notified = 0;
    batched.subscribe(() => notified++);
    const frame = (ms: number) => {
      clock += ms;
      frames.shift()?.();
    };
    s.set({ ...s.getState(), metrics: { i: 1 } });
    frame(16);
    expect(notified).toBe(1);
    s.set({ ...s.getState(), metrics: { i: 2 } });
    frame(40);
    expect(notified).toBe(1);
    expect(batched.getState().metrics).toEqual({ i: 2 });
    s.set({ ...s.getState(), metrics: { i: 3 } });
    expect(frames).toHaveLength(1);
    frame(40);
    expect(notified).toBe(2);
    s.set({ ...s.getState(), metrics: { i: 4 } });
    frame(10);
    expect(notified).toBe(3);
  });

  it("shallowEqual compares members, not identity", () => {
    expect(shallowEqual({ a: 1, b: "x" }, { a: 1, b: "x" })).toBe(true);
    expect(shallowEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(shallowEqual([1, 2], [1, 2])).toBe(true);
    expect(shallowEqual([1], { 0: 1 })).toBe(false);
  });
});
