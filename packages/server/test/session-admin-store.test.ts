// Rename and delete in both session-store backends: a deleted session leaves no log, snapshot, detail or
// idempotency row behind; unknown ids answer false. PostgreSQL runs when AGENT_UI_PG_URL is set.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createPostgresStore, createSqliteStore, dropPostgresSchema, type SessionStore } from "../src";

const PG_URL = process.env.AGENT_UI_PG_URL;

async function exercise(store: SessionStore): Promise<void> {
  await store.createSession({ id: "keep", sourceKind: "demo", config: {} });
  await store.createSession({ id: "gone", title: "old", sourceKind: "demo", config: {} });
  const event = { type: "run.started", payload: {} } as unknown as AgentUiEvent;
  await store.append("gone", [event, event], [{ ref: "r1", mediaType: "text/plain", bytes: 1, body: "x" }]);
  await store.append("keep", [event]);
  await store.saveSnapshot("gone", 2, {} as never);
  await store.claimIdempotency("gone", "k1", "f");

  expect(await store.renameSession("gone", "new title")).toBe(true);
  expect((await store.getSession("gone"))?.title).toBe("new title");
  expect(await store.renameSession("missing", "x")).toBe(false);

  expect(await store.deleteSession("gone")).toBe(true);
  expect(await store.getSession("gone")).toBeUndefined();
  expect(await store.readEvents("gone")).toEqual([]);
  expect(await store.latestSnapshot("gone")).toBeUndefined();
  expect(await store.readDetail("gone", "r1")).toBeUndefined();
  expect(await store.claimIdempotency("gone", "k1", "f")).toMatchObject({ kind: "claimed" });
  expect(await store.deleteSession("gone")).toBe(false);
  // The other session is untouched.
  expect(await store.readEvents("keep")).toHaveLength(1);
}

describe("session rename and delete", () => {
  it("SQLite", async () => {
    const store = createSqliteStore({ file: ":memory:" });
    try {
      await exercise(store);
    } finally {
      await store.close();
    }
  });

  it.skipIf(!PG_URL)("PostgreSQL", async () => {
    const schema = `agent_ui_admin_${process.pid}`;
    const store = await createPostgresStore({ connectionString: PG_URL as string, schema });
    try {
      await exercise(store);
    } finally {
      await store.close();
      await dropPostgresSchema(PG_URL as string, schema);
    }
  });
});
