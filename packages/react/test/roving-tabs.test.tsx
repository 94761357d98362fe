// @vitest-environment happy-dom
// Keyboard navigation of tab lists (WAI-ARIA tabs pattern): arrows wrap, Home/End jump, only the
// selected tab is in the Tab order (roving tabindex) and focus follows selection.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import fc from "fast-check";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { RovingTablist, rovingTarget } from "../src/roving-tabs";
import { SessionTabs } from "../src/session-tabs";

afterEach(cleanup);

function Panels() {
  const [active, setActive] = useState("tasks");
  return (
    <RovingTablist
      tabs={["tasks", "team", "artifacts"].map((id) => ({ id, label: id }))}
      activeId={active}
      onSelect={setActive}
      label="Panels"
      idPrefix="t"
    />
  );
}

function Sessions() {
  const [active, setActive] = useState("a");
  return (
    <SessionTabs
      tabs={[
        { id: "a", title: "A" },
        { id: "b", title: "B", running: true },
        { id: "c", title: "C" },
      ]}
      activeId={active}
      onSelect={setActive}
    />
  );
}

const tab = (name: string | RegExp) => screen.getByRole("tab", { name });
const tabIndexes = () => screen.getAllByRole("tab").map((t) => t.getAttribute("tabindex"));

describe("RovingTablist", () => {
  it("a11y (WAI-ARIA tabs) arrows move selection and focus, wrapping at both ends; Home/End jump", () => {
    render(<Panels />);
    expect(tabIndexes()).toEqual(["0", "-1", "-1"]);
    fireEvent.keyDown(tab("tasks"), { key: "ArrowRight" });
    expect(tab("team").getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(tab("team"));
    expect(tabIndexes()).toEqual(["-1", "0", "-1"]);
    fireEvent.keyDown(tab("team"), { key: "End" });
    expect(document.activeElement).toBe(tab("artifacts"));
    fireEvent.keyDown(tab("artifacts"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("tasks"));
    fireEvent.keyDown(tab("tasks"), { key: "ArrowLeft" });
    expect(tab("artifacts").getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(tab("artifacts"), { key: "Home" });
    expect(tab("tasks").getAttribute("aria-selected")).toBe("true");
    expect(tabIndexes()).toEqual(["0", "-1", "-1"]);
  });

  it("a11y (WAI-ARIA tabs) each tab names the panel it controls", () => {
    render(<Panels />);
    expect(tab("team").getAttribute("aria-controls")).toBe("t-panel-team");
    expect(tab("team").id).toBe("t-tab-team");
  });

  it("a11y (WAI-ARIA tabs) other keys leave the selection alone", () => {
    render(<Panels />);
    fireEvent.keyDown(tab("tasks"), { key: "a" });
    expect(tab("tasks").getAttribute("aria-selected")).toBe("true");
  });

  it("rovingTarget always lands inside the list and Home/End are the ends", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.nat(), (count, raw) => {
        const index = raw % count;
        for (const key of ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]) {
          const next = rovingTarget(key, index, count) as number;
          expect(next).toBeGreaterThanOrEqual(0);
          expect(next).toBeLessThan(count);
        }
        expect(rovingTarget("Home", index, count)).toBe(0);
        expect(rovingTarget("End", index, count)).toBe(count - 1);
        expect(rovingTarget("ArrowLeft", rovingTarget("ArrowRight", index, count) as number, count)).toBe(
          index,
        );
      }),
    );
    expect(rovingTarget("ArrowRight", 0, 0)).toBeNull();
  });
});

describe("SessionTabs", () => {
  it("a11y (WAI-ARIA tabs) session tabs support Home/End and arrows with a roving tabindex", () => {
    render(<Sessions />);
    fireEvent.keyDown(tab("A"), { key: "End" });
    expect(document.activeElement).toBe(tab("C"));
    expect(tab("C").getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(tab("C"), { key: "ArrowLeft" });
    expect(tab(/^B/).getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(tab(/^B/), { key: "Home" });
    expect(document.activeElement).toBe(tab("A"));
    expect(tabIndexes()).toEqual(["0", "-1", "-1"]);
  });
});
