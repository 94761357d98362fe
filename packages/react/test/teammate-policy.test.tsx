// @vitest-environment happy-dom
// TEAM-17 / PERM-02: per-teammate policy in the roster, shown where it differs from the coordinator's.
import { projectEvents } from "@agent-ui/projection";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TeamWorkbench } from "../src/team-workbench";
import { coordinatorPolicyOf, policyDifferences } from "../src/teammate-policy";
import { eventStream } from "./helpers";

afterEach(cleanup);

function teamSession() {
  const e = eventStream({ sessionId: "s", turnId: "t1" });
  return projectEvents([
    e("permission.changed", { payload: { mode: "ask", sandbox: { network: "off" } } }),
    e("agent.spawned", {
      agentId: "w1",
      payload: { agentName: "Writer", policy: { mode: "acceptEdits", sandbox: { network: "off" } } },
    }),
    e("agent.spawned", { agentId: "w2", payload: { agentName: "Reviewer", policy: { mode: "ask" } } }),
    e("agent.spawned", {
      agentId: "w3",
      payload: { agentName: "Runner", policy: { approvalPolicy: "never", budget: { used: 2, limit: 5 } } },
    }),
  ]);
}

describe("TeammatePolicyBadges in the roster", () => {
  it("TEAM-17 only the fields that differ from the coordinator's are shown, with the coordinator's value", () => {
    const state = teamSession();
    render(
      <TeamWorkbench
        team={state.team}
        agents={state.agents}
        messages={state.messages}
        coordinatorPolicy={coordinatorPolicyOf(state.permissions)}
      />,
    );
    const rows = screen.getAllByRole("listitem").filter((li) => li.closest(".aui-roster"));
    const writer = rows.find((li) => li.textContent?.includes("Writer")) as HTMLElement;
    const reviewer = rows.find((li) => li.textContent?.includes("Reviewer")) as HTMLElement;
    const runner = rows.find((li) => li.textContent?.includes("Runner")) as HTMLElement;
    const mode = within(writer).getByText("mode: acceptEdits");
    expect(mode.getAttribute("title")).toBe("Coordinator: ask");
    expect(within(writer).queryByText(/sandbox/)).toBeNull();
    expect(reviewer.querySelector(".aui-teammate-policy")).toBeNull();
    expect(within(runner).getByText("approval: never").getAttribute("title")).toBe(
      "The coordinator's is not reported",
    );
    expect(within(runner).getByText("budget: 2 / 5")).toBeTruthy();
  });

  it("TEAM-17 without a coordinator policy every stated field shows; without a policy nothing does", () => {
    expect(policyDifferences({ permissionMode: "plan", planMode: false })).toEqual([
      ["mode", "plan"],
      ["plan mode", "off"],
    ]);
    expect(policyDifferences(undefined, { permissionMode: "ask" })).toEqual([]);
    expect(coordinatorPolicyOf({ mode: "unknown", sandbox: "unavailable" })).toEqual({});
  });
});
