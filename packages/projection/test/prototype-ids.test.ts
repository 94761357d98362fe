// SEC-05 ids and keys are input: `__proto__`, `constructor` or `toString` as an entity id, a stream id
// or an app-state key is stored as an own key like any other, never lost into a prototype.
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src/index";
import { stream } from "./helpers";

describe("SEC-05 prototype names as ids and keys", () => {
  it.each(["__proto__", "constructor", "toString"])(
    "%s as a tool, task and action id is an own entry",
    (id) => {
      const e = stream({ sessionId: "s", runId: "r", turnId: "t" }, id);
      const state = projectEvents([
        e("tool.started", { toolCallId: id, payload: { name: "shell" } }),
        e("task.changed", { taskId: id, payload: { title: "write", status: "running" } }),
        e("action.required", { actionId: id, payload: { kind: "approval", prompt: "ok?" } }),
        e("state.snapshot", { payload: { appState: JSON.parse(`{"${id}": {"polluted": 1}, "kept": 1}`) } }),
      ]);
      expect(Object.keys(state.tools)).toEqual([id]);
      expect(Object.hasOwn(state.tools, id) && state.tools[id].name).toBe("shell");
      expect(Object.hasOwn(state.tasks, id)).toBe(true);
      expect(Object.hasOwn(state.actions, id)).toBe(true);
      expect(JSON.parse(JSON.stringify(state.appState))).toEqual(
        JSON.parse(`{"${id}": {"polluted": 1}, "kept": 1}`),
      );
      expect(Object.getPrototypeOf(state.tools)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});
