// Secrets a runtime puts in its own prose (a status reason, a write result) or a user pastes into a command never reach the store or a client unredacted (SEC-01/02).
import { describe, expect, it } from "vitest";
import { postJson, startTestServer, waitFor } from "./helpers";

const SECRET = "sk-proj-Zx8c7V6b5N4m3Q2w1E0r9T8y7U6i5O4p";

describe("secrets in reasons and fingerprints are redacted (SEC-01/02)", () => {
  it("SEC-01 a source status reason, a runtime's write reason and a command's text are stored and served redacted", async () => {
    const server = await startTestServer({
      extraSources: [
        {
          kind: "chatty",
          description: "puts a key in its status and write reasons",
          create: () => ({
            kind: "chatty",
            async start(context) {
              await context.sink.status("failed", `upstream refused key ${SECRET}`);
            },
            async command(command) {
              return {
                status: "rejected",
                idempotencyKey: command.idempotencyKey,
                reason: `bad key ${SECRET}`,
              };
            },
            async stop() {},
          }),
        },
      ],
    });
    try {
      const id = (await postJson(`${server.url}/api/sessions`, { source: "chatty" })).body.session
        .id as string;
      const stored = await waitFor(async () => {
        const s = await server.gateway.store.getSession(id);
        return s?.status === "failed" ? s : undefined;
      });
      expect(stored.statusReason).not.toContain(SECRET);
      const write = await postJson(`${server.url}/api/sessions/${id}/commands`, {
        kind: "send",
        idempotencyKey: "k",
        text: `x ${SECRET}`,
      });
      expect(JSON.stringify(write.body)).not.toContain(SECRET);
      const claim = await server.gateway.store.claimIdempotency(id, "k", "probe");
      expect(JSON.stringify(claim)).not.toContain(SECRET);
    } finally {
      await server.close();
    }
  });
});
