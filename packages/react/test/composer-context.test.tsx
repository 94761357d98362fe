// @vitest-environment happy-dom
// Composer context chips (COMP-01/02): resolved mentions become removable chips with stable labels; an
// unresolved `@mention` stays visibly unresolved and is not sent as context.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { Composer } from "../src/composer";
import { type MentionTarget, contextRefsOf, parseMentions } from "../src/composer-context";
import { acceptingDispatch } from "./helpers";

afterEach(cleanup);

const TARGETS: MentionTarget[] = [
  { id: "ctx-1", label: "sales.csv", kind: "file" },
  { id: "art-1", label: "report.md", kind: "artifact" },
];

const type = (text: string) =>
  fireEvent.change(screen.getByLabelText("Message"), { target: { value: text } });
const chips = () => screen.getByRole("list", { name: "Attached context" });

describe("Composer context chips", () => {
  it("COMP-02 an unresolved @mention stays visibly unresolved and is excluded from the submitted context", async () => {
    const { dispatch, calls } = acceptingDispatch();
    render(<Composer dispatch={dispatch} runActive={false} mentionables={TARGETS} />);
    type("Compare @sales.csv with @crm, please.");
    expect(within(chips()).getByText("sales.csv")).toBeTruthy();
    expect(within(chips()).getByText(/@crm/).textContent).toContain("unresolved");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
    expect(calls).toEqual([
      { kind: "send", text: "Compare @sales.csv with @crm, please.", contextRefs: ["ctx-1"] },
    ]);
  });

  it("COMP-01 AS-CMP-02 chips carry the target's stable label whatever the typed case, and a removed chip is not sent", async () => {
    const { dispatch, calls } = acceptingDispatch();
    render(<Composer dispatch={dispatch} runActive mentionables={TARGETS} />);
    type("@SALES.CSV and @art-1 then @report.md again");
    expect(
      within(chips())
        .getAllByRole("listitem")
        .map((li) => li.firstChild?.textContent),
    ).toEqual(["sales.csv", "report.md"]);
    fireEvent.click(screen.getByRole("button", { name: "Remove context sales.csv" }));
    expect(within(chips()).queryByText("sales.csv")).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Queue — run next" })));
    expect(calls).toEqual([
      { kind: "queue", text: "@SALES.CSV and @art-1 then @report.md again", contextRefs: ["art-1"] },
    ]);
    // After the accepted write the removal is forgotten with the draft.
    type("@sales.csv");
    expect(within(chips()).getByText("sales.csv")).toBeTruthy();
  });

  it("COMP-02 without mention targets every mention is unresolved and no context is sent", async () => {
    const { dispatch, calls } = acceptingDispatch();
    render(<Composer dispatch={dispatch} runActive={false} />);
    type("ask @someone");
    expect(within(chips()).getByText(/@someone/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
    expect(calls).toEqual([{ kind: "send", text: "ask @someone" }]);
  });

  it("COMP-02 e-mail addresses and bare @ are not mentions", () => {
    expect(parseMentions("mail a@b.com or @ alone", TARGETS)).toEqual({ resolved: [], unresolved: [] });
  });

  it("COMP-02 property: only targets are ever sent, and every unresolved token is one that matched none", () => {
    const token = fc.stringMatching(/^[a-z][a-z0-9.-]{0,6}[a-z0-9]$/);
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: token, label: fc.option(token, { nil: undefined }) }), { maxLength: 5 }),
        fc.array(
          fc.oneof(
            token.map((t) => `@${t}`),
            token,
          ),
          { maxLength: 12 },
        ),
        (targets, words) => {
          const parsed = parseMentions(words.join(" "), targets);
          const known = new Set(targets.flatMap((t) => [t.id, t.label].filter(Boolean)));
          const ids = new Set(targets.map((t) => t.id));
          for (const id of contextRefsOf(parsed, new Set())) expect(ids.has(id)).toBe(true);
          for (const u of parsed.unresolved) expect(known.has(u)).toBe(false);
          expect(new Set(contextRefsOf(parsed, new Set())).size).toBe(parsed.resolved.length);
        },
      ),
    );
  });
});
