// @vitest-environment happy-dom
// `@` autocomplete and the Attach menu (COMP-01/02/03): keyboard-driven picks become chips whose stable
// ids are the command's `contextRefs`; text that only looks like a mention stays prose; a refused write
// keeps the draft and its chips; local files are refused with a reason, never dropped silently.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { Composer } from "../src/composer";
import { activeMentionQuery } from "../src/mention-autocomplete";
import { type MentionTarget, insertToken } from "../src/mention-targets";
import { acceptingDispatch, recordingDispatch } from "./helpers";

afterEach(cleanup);

const TARGETS: MentionTarget[] = [
  { id: "agent-researcher", label: "Researcher", kind: "teammate", detail: "research" },
  { id: "agent-analyst", label: "Data Analyst", kind: "teammate", detail: "analysis" },
  { id: "art-report", label: "report.md", kind: "artifact", detail: "document" },
  { id: "ev-1", kind: "evidence", detail: "completed" },
];

const field = () => screen.getByRole("combobox", { name: "Message" }) as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
const key = (k: string, init: Partial<KeyboardEventInit> & { keyCode?: number } = {}) =>
  fireEvent.keyDown(field(), { key: k, ...init });
const options = () =>
  within(screen.getByRole("listbox", { name: "Mention suggestions" })).getAllByRole("option");
const chipLabels = () =>
  within(screen.getByRole("list", { name: "Attached context" }))
    .getAllByRole("listitem")
    .map((li) => li.firstChild?.textContent);

describe("Composer @mention autocomplete", () => {
  it("COMP-02 typing @ opens a combobox listbox of known targets; arrows move the active option, Enter picks", async () => {
    const { dispatch, calls } = acceptingDispatch();
    render(<Composer dispatch={dispatch} runActive={false} mentionables={TARGETS} />);
    expect(field().getAttribute("aria-expanded")).toBe("false");
    type("Ask @");
    expect(field().getAttribute("aria-expanded")).toBe("true");
    expect(options().map((o) => o.textContent)).toEqual([
      "Researcherteammateresearch",
      "Data Analystteammateanalysis",
      "report.mdartifactdocument",
      "ev-1evidencecompleted",
    ]);
    expect(field().getAttribute("aria-activedescendant")).toBe(options()[0].id);
    key("ArrowDown");
    expect(field().getAttribute("aria-activedescendant")).toBe(options()[1].id);
    expect(options()[1].getAttribute("aria-selected")).toBe("true");
    key("ArrowUp");
    key("ArrowUp");
    expect(options()[3].getAttribute("aria-selected")).toBe("true");
    key("Home");
    key("Enter");
    expect(field().value).toBe("Ask @Researcher ");
    expect(field().getAttribute("aria-expanded")).toBe("false");
    expect(chipLabels()).toEqual(["Researcher"]);
    fireEvent.change(field(), { target: { value: "Ask @Researcher to check it" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
    expect(calls).toEqual([
      { kind: "send", text: "Ask @Researcher to check it", contextRefs: ["agent-researcher"] },
    ]);
  });

  it("COMP-02 the typed prefix filters by name, role or id; Tab picks; a label with spaces inserts the stable id", async () => {
    const { dispatch, calls } = acceptingDispatch();
    render(<Composer dispatch={dispatch} runActive mentionables={TARGETS} />);
    type("@an");
    expect(options().map((o) => o.firstChild?.textContent)).toEqual(["Data Analyst"]);
    type("@ANALY");
    key("Tab");
    expect(field().value).toBe("@agent-analyst ");
    expect(chipLabels()).toEqual(["Data Analyst"]);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Queue — run next" })));
    expect(calls).toEqual([{ kind: "queue", text: "@agent-analyst", contextRefs: ["agent-analyst"] }]);
  });

  it("COMP-02 Escape closes the list for this @ only; a mouse pick keeps focus in the field", () => {
    render(<Composer dispatch={acceptingDispatch().dispatch} runActive={false} mentionables={TARGETS} />);
    field().focus();
    type("see @re");
    expect(field().getAttribute("aria-expanded")).toBe("true");
    key("Escape");
    expect(field().getAttribute("aria-expanded")).toBe("false");
    type("see @rep");
    expect(field().getAttribute("aria-expanded")).toBe("false");
    type("see @rep and @");
    expect(field().getAttribute("aria-expanded")).toBe("true");
    const report = options().find((o) => o.textContent?.startsWith("report.md")) as HTMLElement;
    const notPrevented = fireEvent.mouseDown(report);
    expect(notPrevented).toBe(false);
    expect(field().value).toBe("see @rep and @report.md ");
    expect(document.activeElement).toBe(field());
    const chips = within(screen.getByRole("list", { name: "Attached context" })).getAllByRole("listitem");
    expect(chips.map((li) => li.textContent)).toEqual(["report.md×", "@rep: unresolved"]);
  });

  it("COMP-02 an Enter that confirms an IME composition is left to the IME", () => {
    render(<Composer dispatch={acceptingDispatch().dispatch} runActive={false} mentionables={TARGETS} />);
    type("@r");
    key("Enter", { isComposing: true });
    key("Enter", { keyCode: 229 });
    expect(field().value).toBe("@r");
    expect(field().getAttribute("aria-expanded")).toBe("true");
  });

  it("COMP-02 text that merely looks like @foo stays prose: no suggestion, a plain-text hint, no contextRefs", async () => {
    const { dispatch, calls } = acceptingDispatch();
    render(<Composer dispatch={dispatch} runActive={false} mentionables={TARGETS} />);
    type("ping @foo");
    expect(field().getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("status").textContent).toContain("sent as plain text");
    key("Enter");
    expect(field().value).toBe("ping @foo");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
    expect(calls).toEqual([{ kind: "send", text: "ping @foo" }]);
  });

  it("COMP-02 a removed picked chip is not sent; picking the target again restores it", async () => {
    const { dispatch, calls } = acceptingDispatch();
    render(<Composer dispatch={dispatch} runActive={false} mentionables={TARGETS} />);
    type("@res");
    key("Enter");
    fireEvent.click(screen.getByRole("button", { name: "Remove context Researcher" }));
    expect(screen.queryByRole("list", { name: "Attached context" })).toBeNull();
    type("@Researcher and @res");
    key("Enter");
    expect(chipLabels()).toEqual(["Researcher"]);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
    expect(calls[0]).toMatchObject({ contextRefs: ["agent-researcher"] });
  });

  it("COMP-02 property: the active query always starts at an @ that begins a word, and ends at the caret", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("@", "a", ".", " ", "-", "b", "\n", "x") }),
        fc.nat(),
        (text, n) => {
          const caret = n % (text.length + 1);
          const q = activeMentionQuery(text, caret);
          if (q === null) return;
          expect(text[q.start]).toBe("@");
          expect(q.start === 0 || /\s/.test(text[q.start - 1])).toBe(true);
          expect(q.end).toBe(caret);
          expect(`@${q.query}`).toBe(text.slice(q.start, caret));
        },
      ),
    );
  });

  it("COMP-02 property: a picked token always parses back to exactly its target", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.option(fc.string({ maxLength: 12 })),
        (id, label) => {
          const target = { id, label: label ?? undefined };
          const token = insertToken(target, [...TARGETS, target]);
          expect(activeMentionQuery(`@${token}`, token.length + 1)?.query).toBe(token);
        },
      ),
    );
  });
});

describe("Composer Attach menu", () => {
  it("COMP-01 attaching a known item adds a removable chip whose id is sent as context", async () => {
    const { dispatch, calls } = acceptingDispatch();
    render(<Composer dispatch={dispatch} runActive activeTurnId="turn-1" mentionables={TARGETS} />);
    const attach = screen.getByRole("button", { name: "Attach" });
    expect(attach.getAttribute("aria-haspopup")).toBe("menu");
    fireEvent.click(attach);
    const menu = screen.getByRole("menu", { name: "Attach context" });
    fireEvent.click(within(menu).getByRole("menuitem", { name: /report\.md/ }));
    expect(screen.queryByRole("menu")).toBeNull();
    expect(chipLabels()).toEqual(["report.md"]);
    fireEvent.click(attach);
    expect(within(screen.getByRole("menu")).queryByRole("menuitem", { name: /report\.md/ })).toBeNull();
    fireEvent.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: /ev-1/ }));
    fireEvent.click(screen.getByRole("button", { name: "Remove context ev-1" }));
    type("focus on this");
    await act(async () =>
      fireEvent.click(screen.getByRole("button", { name: "Steer — change current run" })),
    );
    expect(calls).toEqual([
      { kind: "steer", text: "focus on this", targetTurnId: "turn-1", contextRefs: ["art-report"] },
    ]);
  });

  it("COMP-01 local-file attach is shown disabled with the honest reason; a dropped file is named, not lost", () => {
    render(<Composer dispatch={acceptingDispatch().dispatch} runActive={false} mentionables={[]} />);
    fireEvent.click(screen.getByRole("button", { name: "Attach" }));
    const menu = screen.getByRole("menu");
    const local = within(menu).getByRole("menuitem", { name: /Local file/ });
    expect(local.getAttribute("aria-disabled")).toBe("true");
    expect(local.textContent).toContain("this runtime does not accept uploads");
    expect(menu.textContent).toContain("Nothing the runtime reported can be attached yet.");
    fireEvent.keyDown(menu, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Attach" }));
    fireEvent.pointerDown(field());
    expect(screen.queryByRole("menu")).toBeNull();
    const file = new File(["a,b"], "sales.csv", { type: "text/csv" });
    fireEvent.drop(field(), { dataTransfer: { files: [file], types: ["Files"] } });
    expect(screen.getByRole("status").textContent).toBe(
      "Not attached: sales.csv — this runtime does not accept uploads.",
    );
  });

  it("COMP-03 a rejected write keeps the draft with its picked and attached chips; acceptance clears them", async () => {
    const rec = recordingDispatch();
    render(<Composer dispatch={rec.dispatch} runActive={false} mentionables={TARGETS} />);
    type("@res");
    key("Enter");
    fireEvent.click(screen.getByRole("button", { name: "Attach" }));
    fireEvent.click(screen.getByRole("menuitem", { name: /report\.md/ }));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await act(async () => rec.settle("rejected", "runtime busy"));
    expect(field().value).toBe("@Researcher ");
    expect(chipLabels()).toEqual(["Researcher", "report.md"]);
    expect(screen.getByRole("status").textContent).toContain("runtime busy");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await act(async () => rec.settle("accepted"));
    const refs = rec.calls.map((c) => ("contextRefs" in c ? c.contextRefs : undefined));
    expect(refs).toEqual([
      ["agent-researcher", "art-report"],
      ["agent-researcher", "art-report"],
    ]);
    expect(field().value).toBe("");
    expect(screen.queryByRole("list", { name: "Attached context" })).toBeNull();
  });

  it("AS-CMP-05 a failed queue keeps the prompt, its attachment and the queue choice; the retry is the same write", async () => {
    const rec = recordingDispatch();
    render(<Composer dispatch={rec.dispatch} runActive activeTurnId="turn-1" mentionables={TARGETS} />);
    fireEvent.click(screen.getByRole("button", { name: "Attach" }));
    fireEvent.click(screen.getByRole("menuitem", { name: /report\.md/ }));
    type("then summarize it");
    fireEvent.click(screen.getByRole("button", { name: "Queue — run next" }));
    await act(async () => rec.settle("failed", "network down"));
    expect(field().value).toBe("then summarize it");
    expect(chipLabels()).toEqual(["report.md"]);
    expect(screen.getByRole("status").textContent).toContain("network down");
    // Still the running turn's choices: queue and steer, no plain Send.
    expect(screen.queryByRole("button", { name: "Send" })).toBeNull();
    expect(screen.getByRole("button", { name: "Steer — change current run" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Queue — run next" }));
    await act(async () => rec.settle("accepted"));
    const queued = { kind: "queue", text: "then summarize it", contextRefs: ["art-report"] };
    expect(rec.calls).toEqual([queued, queued]);
    expect(field().value).toBe("");
  });

  it("COMP-03 the host can keep the chips across unmounts with the draft", () => {
    let kept = { picked: [], attached: [], removed: [] } as Parameters<
      NonNullable<React.ComponentProps<typeof Composer>["onContextChange"]>
    >[0];
    const props = { dispatch: acceptingDispatch().dispatch, runActive: false, mentionables: TARGETS };
    const { unmount } = render(<Composer {...props} onContextChange={(c) => (kept = c)} />);
    fireEvent.click(screen.getByRole("button", { name: "Attach" }));
    fireEvent.click(screen.getByRole("menuitem", { name: /Researcher/ }));
    unmount();
    render(<Composer {...props} initialContext={kept} />);
    expect(chipLabels()).toEqual(["Researcher"]);
  });
});
