// Detail-body upserts for the PostgreSQL store, run on the append transaction's client so the bodies commit
// with the events that reference them (and before the transaction's pg_notify wakes other gateways).
import type pg from "pg";
import { storableDetail } from "./detail-bodies";
import type { DetailRecord } from "./session-store";

/** Body characters per statement. pg sends a text[] parameter as one string: a group commit holding many
 * large bodies in a single array could pass V8's string limit or PostgreSQL's 1 GB allocation limit, so
 * the bodies are split over several statements of the same transaction. */
export const DETAIL_CHARS_PER_STATEMENT = 32 * 1024 * 1024;

/** Upserts `details` into `table` (quoted, schema-qualified). A ref repeated keeps its last body: ON
 * CONFLICT cannot touch a row twice in one statement, so refs are made unique first. */
export async function upsertDetails(
  client: pg.ClientBase,
  table: string,
  sessionId: string,
  details: Iterable<DetailRecord>,
  charsPerStatement = DETAIL_CHARS_PER_STATEMENT,
): Promise<void> {
  const latest = new Map<string, DetailRecord>();
  for (const detail of details) latest.set(detail.ref, storableDetail(detail));
  let chunk: DetailRecord[] = [];
  let chars = 0;
  for (const detail of latest.values()) {
    if (chunk.length > 0 && chars + detail.body.length > charsPerStatement) {
      await insertChunk(client, table, sessionId, chunk);
      chunk = [];
      chars = 0;
    }
    chunk.push(detail);
    chars += detail.body.length;
  }
  if (chunk.length > 0) await insertChunk(client, table, sessionId, chunk);
}

async function insertChunk(
  client: pg.ClientBase,
  table: string,
  sessionId: string,
  rows: readonly DetailRecord[],
): Promise<void> {
  await client.query(
    `INSERT INTO ${table} (session_id, ref, media_type, bytes, body, created_at)
     SELECT $1, r, m, b, d, $6 FROM unnest($2::text[], $3::text[], $4::bigint[], $5::text[]) AS x(r, m, b, d)
     ON CONFLICT (session_id, ref) DO UPDATE SET media_type = EXCLUDED.media_type, bytes = EXCLUDED.bytes,
     body = EXCLUDED.body, created_at = EXCLUDED.created_at`,
    [
      sessionId,
      rows.map((d) => d.ref),
      rows.map((d) => d.mediaType),
      rows.map((d) => d.bytes),
      rows.map((d) => d.body),
      new Date().toISOString(),
    ],
  );
}
