// Runs one suite on a fresh SQLite store per test and, when AGENT_UI_PG_URL is set, on a fresh PostgreSQL
// schema per test; every directory and schema is removed after the file.
import { join } from "node:path";
import { afterAll } from "vitest";
import { createPostgresStore, createSqliteStore, dropPostgresSchema, type SessionStore } from "../src";
import { tempDir } from "./helpers";

export type OpenStore = () => Promise<{ store: SessionStore; cleanup(): Promise<void> }>;

export function onEveryStore(prefix: string, suite: (name: string, open: OpenStore) => void): void {
  const dirs: { remove(): void }[] = [];
  afterAll(() => {
    for (const dir of dirs) dir.remove();
  });
  suite("SQLite", async () => {
    const dir = tempDir(`agent-ui-${prefix}-`);
    dirs.push(dir);
    const store = createSqliteStore({ file: join(dir.path, "agent-ui.sqlite") });
    return { store, cleanup: () => store.close() };
  });
  const url = process.env.AGENT_UI_PG_URL;
  if (!url) return;
  const schema = `agent_ui_${prefix.replaceAll("-", "_")}_${process.pid}_${Date.now().toString(36)}`;
  let schemas = 0;
  afterAll(async () => {
    for (let i = 1; i <= schemas; i++) await dropPostgresSchema(url, `${schema}_${i}`);
  });
  suite("PostgreSQL", async () => {
    schemas += 1;
    const store = await createPostgresStore({ connectionString: url, schema: `${schema}_${schemas}` });
    return { store, cleanup: () => store.close() };
  });
}
