// examples/codex-sdk against a real gateway on loopback. The Codex SDK spawns a stand-in CLI
// (fixtures/fake-codex.mjs, `codexPathOverride`) that answers with ThreadEvent lines the real CLI produced;
// the session shows the turn, a follow-up sent from the client runs as the next turn on the same thread,
// and an interrupt from the client aborts a running turn (CTRL-01, CTRL-06, HITL-03).
import { fileURLToPath } from "node:url";
import type { ProjectionState } from "@agent-ui/contracts";
import { Codex } from "@openai/codex-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCodexSession } from "../../examples/codex-sdk/codex";
import { type ExampleGateway, startExampleGateway } from "./gateway";

const STREAMS = fileURLToPath(new URL("../../../shared/peers/streams", import.meta.url));
const FAKE_CODEX = fileURLToPath(new URL("./fixtures/fake-codex.mjs", import.meta.url));

const texts = (state: ProjectionState) =>
  state.messages.filter((m) => m.role === "assistant").map((m) => m.parts.map((p) => p.text ?? "").join(""));

describe("examples/codex-sdk: a Codex thread watched, continued and interrupted from the UI", () => {
  let gateway: ExampleGateway;
  beforeAll(async () => {
    gateway = await startExampleGateway();
  });
  afterAll(async () => gateway?.close());

  it("CTRL-01 CTRL-06 the thread's turns are the session's; send continues it, interrupt aborts a turn", async () => {
    const sessionId = await gateway.pushSession("codex");
    const open = new AbortController();
    const codex = new Codex({
      codexPathOverride: FAKE_CODEX,
      env: { PATH: process.env.PATH ?? "", FAKE_CODEX_STREAMS: STREAMS },
    });
    const running = runCodexSession({
      baseUrl: gateway.url,
      token: gateway.token,
      sessionId,
      codex,
      thread: { skipGitRepoCheck: true },
      input: "run echo",
      keepOpen: open.signal,
    });
    const until = async (probe: (state: ProjectionState) => boolean) => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const state = await gateway.state(sessionId);
        if (probe(state)) return state;
        if (Date.now() > deadline) throw new Error(`timed out; texts: ${JSON.stringify(texts(state))}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const first = await until((s) => texts(s).includes("Command printed hello-from-codex-mock."));
    const command = first.tools.item_2;
    expect(command.status).toBe("output-available");
    expect(command.outputPreview).toContain("hello-from-codex-mock");

    const send = (kind: "send" | "interrupt", text?: string) =>
      fetch(`${gateway.url}/api/sessions/${sessionId}/commands`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${gateway.token}` },
        body: JSON.stringify({ kind, sessionId, idempotencyKey: `ui-${kind}-${text}`, text }),
      }).then((r) => r.json());
    // No turn runs: an interrupt has nothing to stop, and says so.
    expect(await send("interrupt")).toMatchObject({ status: "rejected", reason: "no turn is running" });
    expect(await send("send", "and then?")).toMatchObject({ status: "accepted" });
    await until((s) => texts(s).includes("ok"));

    expect(await send("send", "wait for it")).toMatchObject({ status: "accepted" });
    await until((s) => ["preparing", "running"].includes(s.runtime.status));
    expect(await send("interrupt", "now")).toMatchObject({ status: "accepted" });
    open.abort();
    const result = await running;

    expect(result.interrupted).toBe(1);
    const state = await gateway.state(sessionId);
    // The thread the SDK reports is the session's, with both finished turns' answers, in order.
    expect(result.threadId).toBe("01a2149f-6cfc-7772-8329-a2998b38b5e1");
    expect(state.runtime.threadId).toBe(result.threadId);
    expect(texts(state).slice(-2)).toEqual(["Command printed hello-from-codex-mock.", "ok"]);
    expect(state.tools.item_3.status).toBe("output-available");
    // The aborted turn never completed: the session says its outcome is not known, and claims no answer.
    expect(state.diagnostics.map((d) => d.message)).toContain("codex stream ended before the turn completed");
    expect((await gateway.session(sessionId)).status).toBe("completed");
  });
});
