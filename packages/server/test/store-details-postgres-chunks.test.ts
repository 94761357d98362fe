// PostgreSQL detail upserts split a batch's bodies over several statements of the same transaction, so a
// group commit holding many large bodies never builds one oversized array parameter. Checked on
// the statements the store sends (a recording client), without a database.
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { upsertDetails } from "../src/store/postgres-details";

function recordingClient() {
  const statements: { sql: string; params: unknown[] }[] = [];
  const client = {
    query: async (sql: string, params: unknown[]) => {
      statements.push({ sql, params });
      return { rows: [], rowCount: 0 };
    },
  } as unknown as pg.ClientBase;
  return { client, statements };
}

const detail = (ref: string, body: string) => ({ ref, mediaType: "text/plain", bytes: body.length, body });

describe("upsertDetails (PostgreSQL)", () => {
  it("TOOL-02 bodies over the per-statement budget go in several statements; every body is sent once", async () => {
    const { client, statements } = recordingClient();
    await upsertDetails(
      client,
      '"s"."details"',
      "sess",
      [detail("a", "1234"), detail("b", "5678"), detail("c", "9abc"), detail("d", "x".repeat(20))],
      10,
    );
    // a+b fit in 10 chars; c starts a new statement; d alone is over the budget and still sent, alone.
    expect(statements.map((s) => s.params[1])).toEqual([["a", "b"], ["c"], ["d"]]);
    expect(statements.every((s) => s.params[0] === "sess" && s.sql.includes('"s"."details"'))).toBe(true);
  });

  it("ORD-01 a ref repeated in one batch is sent once with its last body (ON CONFLICT cannot touch a row twice)", async () => {
    const { client, statements } = recordingClient();
    await upsertDetails(client, "t", "sess", [detail("a", "old"), detail("b", "b"), detail("a", "new")]);
    expect(statements).toHaveLength(1);
    expect(statements[0].params.slice(1, 5)).toEqual([
      ["a", "b"],
      ["text/plain", "text/plain"],
      [3, 1],
      ["new", "b"],
    ]);
  });

  it("TOOL-02 a NUL (which PostgreSQL TEXT rejects) is sent as U+FFFD with its UTF-8 size; nothing to send → no statement", async () => {
    const { client, statements } = recordingClient();
    await upsertDetails(client, "t", "sess", [detail("a", "x\u0000y")]);
    expect(statements[0].params[4]).toEqual(["x\uFFFDy"]);
    expect(statements[0].params[3]).toEqual([5]);
    await upsertDetails(client, "t", "sess", []);
    expect(statements).toHaveLength(1);
  });
});
