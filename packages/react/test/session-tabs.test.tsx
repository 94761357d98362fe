// @vitest-environment happy-dom
// Session tabs say what each tab keeps in memory (HYD-07): pinned always, and restoring / recent /
// suspended / archived beside the run's state; a fully shown tab adds no residency word.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SessionTabs } from "../src/session-tabs";

afterEach(cleanup);

describe("SessionTabs residency", () => {
  it("HYD-07 each tab shows its residency next to its run state", () => {
    render(
      <SessionTabs
        activeId="a"
        onSelect={() => {}}
        tabs={[
          { id: "a", title: "Shown", residency: "active", state: "running" },
          { id: "p", title: "Kept", residency: "pinned", pinned: true, state: "completed" },
          { id: "r", title: "Warm", residency: "recent" },
          { id: "s", title: "Released", residency: "suspended", unread: true },
          { id: "o", title: "Old", residency: "archived" },
          { id: "x", title: "Loading", residency: "restoring", pinned: true },
        ]}
      />,
    );
    const name = (title: string) => screen.getByRole("tab", { name: new RegExp(`^${title}`) }).textContent;
    expect(name("Shown")).toBe("Shownrunning");
    expect(name("Kept")).toBe("Keptpinnedcompleted");
    expect(name("Warm")).toBe("Warmrecent");
    expect(name("Released")).toBe("Releasedsuspendedunread");
    expect(name("Old")).toBe("Oldarchived");
    expect(name("Loading")).toBe("Loadingpinnedrestoring");
  });
});
