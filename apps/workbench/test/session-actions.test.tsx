// @vitest-environment happy-dom
// Rename and delete of the selected session keep the keyboard user's place: opening either moves focus
// into it (the title field; the safe "Keep it"), and closing it returns focus to the button that opened it.
import type { SessionInfo } from "@agent-ui/client";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SessionList } from "../src/session-list";

afterEach(cleanup);

const session = {
  id: "s1",
  title: "Quarterly report",
  sourceKind: "demo",
  status: "live",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  lastSeq: 3,
} as unknown as SessionInfo;

function renderList(renamed: string[] = []) {
  render(
    <SessionList
      sessions={[session]}
      sources={[]}
      activeId="s1"
      onSelect={() => {}}
      onCreate={async () => {}}
      onRename={async (_id, title) => {
        renamed.push(title);
      }}
      onDelete={async () => {}}
    />,
  );
}

describe("SessionList rename and delete", () => {
  it("Rename… focuses the title field; Cancel returns focus to Rename…", () => {
    renderList();
    fireEvent.click(screen.getByRole("button", { name: "Rename…" }));
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Title" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Rename…" }));
  });

  it("Save renames and returns focus to Rename…", async () => {
    const renamed: string[] = [];
    renderList(renamed);
    fireEvent.click(screen.getByRole("button", { name: "Rename…" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Title" }), { target: { value: "Annual report" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    // Focus returns in an effect after the save resolves and the row re-renders: wait for it, not just the row.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Rename…" })));
    expect(renamed).toEqual(["Annual report"]);
  });

  it("Delete… asks first with focus on Keep it; Keep it returns focus to Delete…", () => {
    renderList();
    fireEvent.click(screen.getByRole("button", { name: "Delete…" }));
    expect(screen.getByRole("alertdialog", { name: "Delete session?" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Keep it" }));
    fireEvent.click(screen.getByRole("button", { name: "Keep it" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete…" }));
  });
});

describe("SessionList rename follows the selected session", () => {
  it("a rename opened on one session closes when another is selected, never carrying its title", () => {
    const other = { ...session, id: "s2", title: "Travel plan" } as unknown as SessionInfo;
    const renamed: Array<[string, string]> = [];
    const props = {
      sessions: [session, other],
      sources: [],
      onSelect: () => {},
      onCreate: async () => {},
      onRename: async (id: string, title: string) => {
        renamed.push([id, title]);
      },
      onDelete: async () => {},
    };
    const { rerender } = render(<SessionList {...props} activeId="s1" />);
    fireEvent.click(screen.getByRole("button", { name: "Rename…" }));
    rerender(<SessionList {...props} activeId="s2" />);
    // The open form belonged to the first session: selecting another one closes it.
    expect(screen.queryByRole("textbox", { name: "Title" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Rename…" }));
    expect((screen.getByRole("textbox", { name: "Title" }) as HTMLInputElement).value).toBe("Travel plan");
    expect(renamed).toEqual([]);
  });
});
