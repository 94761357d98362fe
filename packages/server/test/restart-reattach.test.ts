// A real restart: a gateway child process is killed with SIGKILL and a new one starts on the same data dir.
// Sessions whose source can resume (AI SDK / AG-UI connectors without stored secrets, the embedded demo
// runtime) are re-attached and take new writes; the others (a connector whose credentials were redacted
// before storage) are `stopped` with the reason as a fact and their writes answer `unavailable` with it. A
// run that was in flight is never pretended live (for a source that cannot resume: stale, see
// demo-resume.test.ts).
import type { ChildProcess } from "node:child_process";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { ProjectionState } from "@agent-ui/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { crashChild, getJson, postJson, startChildGateway, tempDir, waitFor } from "./helpers";

/** A hand-written AI SDK UI message stream endpoint: answers every request with one text reply. */
async function chatUpstream() {
  const bodies: { messages: { role: string; parts: { type: string; text?: string }[] }[] }[] = [];
  const server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req));
    bodies.push(body);
    const n = bodies.length;
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (const chunk of [
      { type: "start" },
      { type: "start-step" },
      { type: "text-start", id: `t${n}` },
      { type: "text-delta", id: `t${n}`, delta: `reply ${n}` },
      { type: "text-end", id: `t${n}` },
      { type: "finish-step" },
      { type: "finish", finishReason: "stop" },
    ])
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    res.end("data: [DONE]\n\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/chat`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
    });
    req.on("end", () => resolve(text));
  });
}

const texts = (s: ProjectionState) => s.messages.map((m) => m.parts.map((p) => p.text ?? "").join(""));

describe("restart re-attach (SIGKILL, same data dir)", () => {
  const dir = tempDir("agent-ui-restart-");
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) await crashChild(child);
    dir.remove();
  });

  it("FALL-01/CTRL-06 resumable sessions take new writes; the rest are stopped with a reason and writes are unavailable", async () => {
    const upstream = await chatUpstream();
    try {
      const first = await startChildGateway(dir.path);
      children.push(first.child);
      const create = async (body: Record<string, unknown>) => {
        const created = await postJson(`${first.url}/api/sessions`, body);
        expect(created.status).toBe(201);
        return created.body.session.id as string;
      };
      const chat = await create({ source: "ai-sdk", config: { url: upstream.url, text: "hello" } });
      const secret = await create({
        source: "ai-sdk",
        config: {
          url: upstream.url,
          headers: { authorization: "Bearer sk-live-abcdefghijklmnopqrstuvwxyz0123" },
        },
      });
      const demo = await create({ source: "demo", scenario: "approval", config: { pace: 0.2 } });
      const snapshot = async (url: string, id: string) =>
        (await getJson(`${url}/api/sessions/${id}/snapshot`)).body.state as ProjectionState;
      await waitFor(async () => texts(await snapshot(first.url, chat)).includes("reply 1"), 20_000);
      await waitFor(
        async () =>
          Object.values((await snapshot(first.url, demo)).actions).some((a) => a.status === "pending"),
        20_000,
      );
      await crashChild(first.child);

      const second = await startChildGateway(dir.path);
      children.push(second.child);
      const session = async (id: string) => (await getJson(`${second.url}/api/sessions/${id}`)).body.session;
      const send = (id: string, key: string) =>
        postJson(`${second.url}/api/sessions/${id}/commands`, {
          kind: "send",
          idempotencyKey: key,
          text: "again",
        });

      // The AI SDK session is live again, says what it carried over, and a new send reaches the upstream
      // with the conversation so far.
      const resumed = await waitFor(async () => {
        // Until the resumed `live` is stored, the row still says what the previous process last wrote.
        const s = await session(chat);
        return s.attached && s.status === "live" && /gateway restarted/.test(s.statusReason) ? s : undefined;
      }, 20_000);
      expect(resumed.statusReason).toMatch(/gateway restarted; re-attached: .*2 text message/);
      expect((await send(chat, "chat:again")).body.status).toBe("accepted");
      await waitFor(async () => texts(await snapshot(second.url, chat)).includes("reply 2"), 20_000);
      expect(upstream.bodies[1].messages.map((m) => [m.role, m.parts[0].text])).toEqual([
        ["user", "hello"],
        ["assistant", "reply 1"],
        ["user", "again"],
      ]);

      // The demo runtime resumes from the stored facts (its own tests: demo-resume.test.ts); the run that
      // was in flight is not continued and a diagnostic says its outcome is unknown.
      const demoSession = await waitFor(async () => {
        const s = await session(demo);
        return s.attached && /re-attached: demo runtime resumed/.test(s.statusReason) ? s : undefined;
      }, 20_000);
      expect(demoSession.statusReason).toMatch(/run_001 was in flight and is not continued/);
      expect((await send(demo, "demo:again")).body).toMatchObject({
        status: "accepted",
        assigned: { turnId: "turn_002" },
      });
      const demoState = await snapshot(second.url, demo);
      expect(demoState.diagnostics.map((d) => d.code)).toContain("transport_unavailable");

      // Credentials were redacted before storage: the connector cannot be re-sent them, so it does not try.
      const noSecret = await session(secret);
      expect(noSecret.status).toBe("stopped");
      expect(noSecret.statusReason).toMatch(/redacted before storage/);
      expect((await send(secret, "secret:again")).body.status).toBe("unavailable");
      expect(upstream.bodies.some((b) => JSON.stringify(b).includes("sk-live"))).toBe(false);
    } finally {
      await upstream.close();
    }
  }, 60_000);
});
