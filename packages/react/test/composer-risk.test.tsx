// @vitest-environment happy-dom
// The composer shows, before sending, what a message will run under: the runtime's permission mode,
// sandbox and risk (PERM-02), from projected permission facts only.
import { projectEvents } from "@agent-ui/projection";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Composer } from "../src/composer";
import { acceptingDispatch, eventStream } from "./helpers";

afterEach(cleanup);

const chip = () => document.querySelector(".aui-composer-risk");

describe("Composer risk chip", () => {
  it("PERM-02 COMP-04 AS-CMP-06 shows the runtime's mode, sandbox and risk beside Send, loud only for high risk", () => {
    const e = eventStream({ sessionId: "s" });
    const state = projectEvents([
      e("permission.changed", {
        payload: { mode: "bypassPermissions", sandbox: { network: "on" }, riskLevel: "high" },
      }),
    ]);
    render(
      <Composer dispatch={acceptingDispatch().dispatch} runActive={false} permissions={state.permissions} />,
    );
    expect(chip()?.textContent).toBe("Runs under: mode bypassPermissions · sandbox network=on · risk high");
    expect(chip()?.className).toContain("aui-tone-alert");
    expect(chip()?.closest(".aui-actions")?.querySelector("button[type=submit]")?.textContent).toBe("Send");
  });

  it("PERM-02 a mode alone is calm: the tone is the runtime's risk, not a guess from the mode's name", () => {
    const e = eventStream({ sessionId: "s" });
    const state = projectEvents([e("permission.changed", { payload: { mode: "bypassPermissions" } })]);
    render(
      <Composer dispatch={acceptingDispatch().dispatch} runActive={false} permissions={state.permissions} />,
    );
    expect(chip()?.textContent).toBe("Runs under: mode bypassPermissions");
    expect(chip()?.className).toContain("aui-tone-muted");
  });

  it("FALL-01 with no permission facts there is no chip (nothing is claimed)", () => {
    const state = projectEvents([]);
    render(
      <Composer dispatch={acceptingDispatch().dispatch} runActive={false} permissions={state.permissions} />,
    );
    expect(chip()).toBeNull();
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
  });
});
