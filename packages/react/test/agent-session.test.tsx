// @vitest-environment happy-dom
// The React binding against a real gateway (its own process): `<AgentChat>` in a few lines renders the
// session and writes through it; `useSessions` lists and creates sessions from the gateway's own scenario
// list; history pages back to the first message; refusals become states, not empty sessions.
import { GatewayHttpClient } from "@agent-ui/client";
import type { ProjectionState } from "@agent-ui/contracts";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  AgentChat,
  type AgentSession,
  useAgentConnection,
  useAgentSession,
  useAgentState,
  useSessions,
} from "../src";
import { childGateway } from "./gateway-child";

const gatewayUrl = childGateway(window.location.origin);
afterEach(cleanup);

const http = () => new GatewayHttpClient({ baseUrl: gatewayUrl() });
const WAIT = { timeout: 15_000 };

interface Seen {
  handle?: AgentSession;
  modelRenders: number;
}
const selectModel = (s: ProjectionState) => s.runtime.model.selected;
const selectCount = (s: ProjectionState) => s.messages.length;

function Model({ s, seen }: { s: AgentSession; seen: Seen }) {
  const model = useAgentState(s, selectModel);
  seen.modelRenders += 1;
  return <p>model {String(model)}</p>;
}

function Host({ sessionId, seen }: { sessionId: string; seen: Seen }) {
  const s = useAgentSession({ url: gatewayUrl(), sessionId });
  seen.handle = s;
  const { connection } = useAgentConnection(s);
  const count = useAgentState(s, selectCount);
  return (
    <>
      <p>connection {connection.state}</p>
      <p>messages {count}</p>
      <Model s={s} seen={seen} />
    </>
  );
}

let api: ReturnType<typeof useSessions> | undefined;
function SessionList() {
  api = useSessions({ url: gatewayUrl() });
  return (
    <ul>
      <li>gateway {api.gateway.state}</li>
      <li>scenarios {api.sources.find((s) => s.kind === "demo")?.scenarios.join(",")}</li>
      {api.sessions.map((s) => (
        <li key={s.id}>session {s.title ?? s.id}</li>
      ))}
    </ul>
  );
}

describe("AgentChat and useAgentSession over a gateway", () => {
  it("CTRL-01 renders a demo session and approves through the runtime; the card resolves on the runtime's fact", async () => {
    const session = await http().createSession({ source: "demo", scenario: "approval" });
    render(
      <div style={{ height: 600 }}>
        <AgentChat url={gatewayUrl()} sessionId={session.id} />
      </div>,
    );
    const approve = await screen.findByRole("button", { name: "Approve" }, WAIT);
    expect(screen.getByRole("combobox", { name: "Message" })).toBeTruthy();
    fireEvent.click(approve);
    await screen.findByText(/Resolved by runtime: approve|decision \(approve/, undefined, WAIT);
  });

  it("a slice re-renders only when it changes; typed writes reach the runtime", async () => {
    const session = await http().createSession({ source: "demo", scenario: "solo" });
    const seen: Seen = { modelRenders: 0 };
    render(<Host sessionId={session.id} seen={seen} />);
    await screen.findByText("connection live", undefined, WAIT);
    await waitFor(() => expect(seen.handle?.store.getState().runtime.status).toBe("completed"), WAIT);
    const modelRenders = seen.modelRenders;
    const sent = await act(() => seen.handle!.commands.send({ text: "one more" }));
    expect(sent.status).toBe("accepted");
    await waitFor(
      () =>
        expect(
          seen.handle?.store.getState().messages.some((m) => m.parts.some((p) => p.text === "one more")),
        ).toBe(true),
      WAIT,
    );
    // Messages changed many times; the model did not, so its component did not re-render for them.
    expect(seen.modelRenders - modelRenders).toBeLessThanOrEqual(1);
  });

  it("HYD-13 a message the window sent cut says so in AgentChat and loads whole on the button", async () => {
    const session = await http().createSession({ source: "long", config: { turns: 1, wideChunks: 3 } });
    const { container } = render(
      <div style={{ height: 600 }}>
        <AgentChat url={gatewayUrl()} sessionId={session.id} />
      </div>,
    );
    const load = await screen.findByRole("button", { name: /Load whole message/ }, WAIT);
    expect(screen.getByText(/Earlier parts of this message are not loaded/)).toBeTruthy();
    expect(container.textContent).not.toContain("Answer 1");
    fireEvent.click(load);
    await waitFor(() => expect(container.textContent).toContain("Answer 1 a a"), WAIT);
    expect(screen.queryByText(/Earlier parts of this message are not loaded/)).toBeNull();
  });

  it("HYD-05 AS-HY-05 AS-TAB-05 an explicit Load earlier pages back to turn 1", async () => {
    const session = await http().createSession({ source: "long", config: { turns: 50 } });
    render(
      <div style={{ height: 600 }}>
        <AgentChat url={gatewayUrl()} sessionId={session.id} />
      </div>,
    );
    await screen.findByText("Answer 50", undefined, WAIT);
    expect(screen.queryByText("Turn 1")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Load earlier messages" }));
    await screen.findByText("Turn 31", undefined, WAIT);
    fireEvent.click(await screen.findByRole("button", { name: "Load earlier messages" }, WAIT));
    await screen.findByText("Turn 1", undefined, WAIT);
    expect(screen.getByText("Start of the conversation")).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(100);
  });

  it("HYD-02 a finished session hydrated from the window shows its tool rows' input and output", async () => {
    const session = await http().createSession({ source: "demo", scenario: "solo", config: { pace: 0 } });
    let window = await http().snapshot(session.id);
    for (let i = 0; i < 100 && window.state.runtime.status !== "completed"; i++) {
      await new Promise((done) => setTimeout(done, 100));
      window = await http().snapshot(session.id);
    }
    // The window sends tool rows as previews and tool parts without the data their row holds.
    expect(window.window.previews?.tools).toContain("outputText");
    const toolId = Object.keys(window.state.tools).find((id) => window.state.tools[id].name === "run_tests");
    expect(toolId).toBeDefined();
    const whole = (await http().tableRow(session.id, "tools", toolId as string)).record as {
      inputSummary: string;
      outputPreview: string;
    };
    render(
      <div style={{ height: 600 }}>
        <AgentChat url={gatewayUrl()} sessionId={session.id} />
      </div>,
    );
    for (const button of await screen.findAllByRole("button", { name: "Show steps" }, WAIT))
      fireEvent.click(button);
    const row = await screen.findByRole("article", { name: "Tool run_tests" }, WAIT);
    expect(row.textContent).toContain(whole.inputSummary.slice(0, 60));
    expect(row.textContent).toContain(whole.outputPreview.slice(0, 60));
  });

  it("AS-HY-03 AS-TAB-02 AS-PR-05 VC-18 switching A → B → A mid-hydration: B never shows A's facts, A comes back whole", async () => {
    const a = await http().createSession({ source: "long", config: { turns: 7 } });
    const b = await http().createSession({ source: "long", config: { turns: 2 } });
    const { container, rerender } = render(<AgentChat url={gatewayUrl()} sessionId={a.id} />);
    // Switched away before A's hydration answered; every text the view shows from now on is recorded.
    rerender(<AgentChat url={gatewayUrl()} sessionId={b.id} />);
    const shownOnB: string[] = [];
    const observer = new MutationObserver(() => shownOnB.push(container.textContent ?? ""));
    observer.observe(container, { subtree: true, childList: true, characterData: true });
    await screen.findByText("Answer 2", undefined, WAIT);
    // Long enough for A's hydration to answer: a fresh handle on A hydrates in that time.
    const probe = render(<AgentChat url={gatewayUrl()} sessionId={a.id} />);
    await probe.findByText("Answer 7", undefined, WAIT);
    probe.unmount();
    observer.disconnect();
    shownOnB.push(container.textContent ?? "");
    expect(shownOnB.filter((text) => /Answer [3-7]|Turn [3-7]/.test(text))).toEqual([]);
    expect(screen.getAllByRole("article")).toHaveLength(4);
    rerender(<AgentChat url={gatewayUrl()} sessionId={a.id} />);
    await screen.findByText("Answer 7", undefined, WAIT);
    expect(screen.getAllByRole("article")).toHaveLength(14);
  });

  it("an unknown session is `not found`, not an empty writable session", async () => {
    render(<AgentChat url={gatewayUrl()} sessionId="no-such-session" />);
    await screen.findByText("This session does not exist on the gateway.", undefined, WAIT);
  });
});

describe("useSessions", () => {
  it("lists the gateway's scenarios and its sessions live; create and rename show up without polling", async () => {
    render(<SessionList />);
    await screen.findByText("gateway live", undefined, WAIT);
    await screen.findByText(/scenarios .*queue-steer/, undefined, WAIT);
    const created = await act(() => api!.create({ source: "demo", scenario: "solo", title: "Fresh one" }));
    await screen.findByText("session Fresh one", undefined, WAIT);
    await act(() => api!.rename(created.id, "Renamed one"));
    await screen.findByText("session Renamed one", undefined, WAIT);
    await act(() => api!.remove(created.id));
    await waitFor(() => expect(screen.queryByText("session Renamed one")).toBeNull(), WAIT);
  });
});
