// SEC-01/02 one redaction policy on the gateway path: any covered secret planted anywhere in any field of
// any supported input format, fed through the gateway's source sink, never reaches a stored row (every
// SQLite table), nor an HTTP answer (session, list, snapshot, event log). One gateway for every run.
import { join } from "node:path";
import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMAT_TEMPLATES, leaves, replaceLeaf } from "../../cli/test/format-templates";
import { anySecret, leakedNeedle } from "../../contracts/test/secret-corpus";
import type { RuntimeSourceFactory } from "../src";
import { getJson, postJson, startTestServer, waitFor } from "./helpers";

/** A source that hands the records of its config to the gateway in their format, then completes. */
const planted: RuntimeSourceFactory = {
  kind: "planted",
  description: "feeds config.records in config.format",
  create(init) {
    const { records, format } = init.config as { records: unknown[]; format: string };
    return {
      kind: "planted",
      async start(context) {
        await context.sink.records(records, format);
        await context.sink.status("completed", "fed");
      },
      async command(command) {
        return { status: "rejected", idempotencyKey: command.idempotencyKey, reason: "read-only" };
      },
      async stop() {},
    };
  },
};

const leafPaths = FORMAT_TEMPLATES.map(({ records }) =>
  records.flatMap((record, index) => leaves(record).map((path) => ({ index, path }))),
);

describe("SEC-01/02 no secret reaches the store or an HTTP answer, whatever the format and field", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let db: Database.Database;
  beforeAll(async () => {
    server = await startTestServer({ extraSources: [planted] });
    db = new Database(join(server.dataDir, "agent-ui.sqlite"), { readonly: true, fileMustExist: true });
  });
  afterAll(async () => {
    db?.close();
    await server?.close();
  });

  function storedRows(sessionId: string): string {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    return tables
      .map(({ name }) => {
        const columns = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map(
          (c) => c.name,
        );
        const where = columns.includes("session_id")
          ? "session_id"
          : columns.includes("id")
            ? "id"
            : undefined;
        const rows = where
          ? db.prepare(`SELECT * FROM "${name}" WHERE "${where}" = ?`).all(sessionId)
          : db.prepare(`SELECT * FROM "${name}"`).all();
        return JSON.stringify(rows);
      })
      .join("\n");
  }

  it("stored rows and every HTTP answer, every format", async () => {
    await fc.assert(
      fc.asyncProperty(
        anySecret,
        fc.nat(FORMAT_TEMPLATES.length - 1),
        fc.nat(),
        fc.nat(),
        async (secret, t, leaf, at) => {
          const { format, records } = FORMAT_TEMPLATES[t];
          const { index, path } = leafPaths[t][leaf % leafPaths[t].length];
          const planted = replaceLeaf(records, index, path, (old) =>
            typeof old === "string"
              ? `${old.slice(0, at % (old.length + 1))} ${secret.text} ${old.slice(at % (old.length + 1))}`
              : secret.text,
          );
          const created = await postJson(`${server.url}/api/sessions`, {
            source: "planted",
            title: `probe ${secret.text}`,
            config: { format, records: planted },
          });
          const answers = [JSON.stringify(created.body)];
          expect(created.status, answers[0]).toBe(201);
          const id = created.body.session.id as string;
          const base = `${server.url}/api/sessions/${id}`;
          await waitFor(async () => {
            const { body } = await getJson(base);
            return body.session.status === "completed" || body.session.status === "failed" || undefined;
          });
          for (const url of [base, `${base}/snapshot`, `${base}/events.json`, `${server.url}/api/sessions`])
            answers.push(JSON.stringify((await getJson(url)).body));
          const where = `${format} #${index} ${path.join("/")}`;
          expect(leakedNeedle(secret, answers.join("\n")), `HTTP: ${where}`).toBeUndefined();
          expect(leakedNeedle(secret, storedRows(id)), `store: ${where}`).toBeUndefined();
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);
});
