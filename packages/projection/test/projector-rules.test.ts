import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const reported = (state: State) =>
  state.diagnostics.map(({ code, severity, message, path }) => ({ code, severity, message, path }));

describe("the projector's own rules (ENV-09, ARCH-01, HYD-03)", () => {
  it("ENV-09 an event class with no rule is reported by name and changes nothing else", () => {
    const e = stream();
    const state = projectEvents([e("banana.changed", { payload: { text: "x" } })]);
    expect(reported(state)).toEqual([
      {
        code: "unknown_event_class",
        severity: "warning",
        message: 'no projection rule for event class "banana.changed"',
        path: undefined,
      },
    ]);
    expect(state.messages).toEqual([]);
  });

  it.each([["tool.result"], ["text.delta"], ["context.changed"], ["queue.changed"], ["plan.delta"]])(
    "ARCH-01 a %s written by ui_projection is reported and ignored",
    (type) => {
      const e = stream({ turnId: "t1" });
      const state = projectEvents([
        e(type, {
          owner: "ui_projection",
          toolCallId: "c1",
          payload: { delta: "mine", output: "x", items: [] },
        }),
      ]);
      expect(reported(state)).toEqual([
        {
          code: "ui_owned_fact_ignored",
          severity: "warning",
          message: `${type} is owned by ui_projection: a client write is not the runtime's fact (ARCH-01, HITL-03)`,
          path: "/owner",
        },
      ]);
      expect(state.messages).toEqual([]);
      expect(state.tools).toEqual({});
    },
  );

  it("ARCH-01 the client's own appState snapshot and its metrics apply; a runtime snapshot from it does not", () => {
    const e = stream();
    const state = projectEvents([
      e("state.snapshot", { owner: "ui_projection", payload: { appState: { draft: "hi" } } }),
      e("metric.changed", { owner: "ui_projection", metricName: "fps", payload: { value: 60 } }),
      e("state.snapshot", {
        owner: "ui_projection",
        payload: { appState: { draft: "no" }, thread: { threadId: "th", status: "running" } },
      }),
    ]);
    expect(state.appState).toEqual({ draft: "hi" });
    expect(state.metrics).toEqual({ fps: 60 });
    expect(reported(state).map((d) => d.code)).toEqual(["ui_owned_fact_ignored"]);
  });

  it("HYD-03 the stream's session id becomes the projector's session; the first event makes it live", () => {
    const e = stream({ sessionId: "sess-1", turnId: "t1", messageId: "m1" });
    const p = createProjector();
    expect(p.getState().session.hydration.status).toBe("empty");
    p.apply(e("text.delta", { payload: { delta: "a" } }));
    expect(p.getState().session).toMatchObject({ sessionId: "sess-1", hydration: { status: "live" } });
    p.apply(e("text.delta", { sessionId: "sess-2", payload: { delta: "b" } }));
    expect(p.getState().session.sessionId).toBe("sess-1");
  });

  it("HYD-03 a session fixed by the options stays that session", () => {
    const e = stream({ sessionId: "sess-1", turnId: "t1", messageId: "m1" });
    const p = createProjector({ sessionId: "fixed" });
    p.apply(e("text.delta", { payload: { delta: "a" } }));
    expect(p.getState().session.sessionId).toBe("fixed");
  });

  it("ARCH-02 listeners hear once per batch and once per changing apply, until they unsubscribe", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    let heard = 0;
    const stop = p.subscribe(() => {
      heard++;
    });
    p.applyAll([e("text.delta", { payload: { delta: "a" } }), e("text.delta", { payload: { delta: "b" } })]);
    expect(heard).toBe(1);
    const first = e("text.delta", { payload: { delta: "c" } });
    p.apply(first);
    expect(heard).toBe(2);
    const before = p.version;
    p.apply(first);
    // A redelivery changes nothing: no version, no call.
    expect([p.version, heard]).toEqual([before, 2]);
    stop();
    p.apply(e("text.delta", { payload: { delta: "d" } }));
    expect(heard).toBe(2);
  });

  it("ARCH-02 what is applied while a batch is read is heard once, when the batch ends", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    const heard: (string | undefined)[] = [];
    p.subscribe(() => {
      heard.push(p.getState().messages[0]?.parts[0]?.text);
    });
    function* batch() {
      yield e("text.delta", { payload: { delta: "a" } });
      p.apply(e("text.delta", { payload: { delta: "b" } }));
      p.applyAll([e("text.delta", { payload: { delta: "c" } })]);
      yield e("text.delta", { payload: { delta: "d" } });
    }
    p.applyAll(batch());
    expect(heard).toEqual(["abcd"]);
  });

  it("SEC-02 a secret riding beside a delta's text never reaches state", () => {
    const key = ["sk-", "proj-", "A1b2C3d4E5f6G7h8I9j0K1l2"].join("");
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "sh" } }),
      e("tool.args", { toolCallId: "c1", payload: { delta: "{}", name: "sh", input: { token: key } } }),
    ]);
    expect(JSON.stringify(state)).not.toContain(key);
  });
});
