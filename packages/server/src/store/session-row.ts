import type { SourceStatus } from "@agent-ui/contracts";
import type { DetailRecord, SessionRecord } from "./session-store";

/** The `sessions` table row, as both SQL backends return it (Postgres returns BIGINT as a string). */
export interface SessionRow {
  id: string;
  title: string | null;
  source_kind: string;
  scenario: string | null;
  config: string;
  status: string;
  status_reason: string | null;
  created_at: string;
  updated_at: string;
  last_seq: number | string;
}

export function sessionRowToRecord(row: SessionRow): SessionRecord {
  const record: SessionRecord = {
    id: row.id,
    sourceKind: row.source_kind,
    config: JSON.parse(row.config) as Record<string, unknown>,
    status: row.status as SourceStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastSeq: Number(row.last_seq),
  };
  if (row.title !== null) record.title = row.title;
  if (row.scenario !== null) record.scenario = row.scenario;
  if (row.status_reason !== null) record.statusReason = row.status_reason;
  return record;
}

/** The `details` table row (Postgres returns BIGINT as a string). */
export interface DetailRow {
  ref: string;
  media_type: string;
  bytes: number | string;
  body: string;
}

export function detailRowToRecord(row: DetailRow): DetailRecord {
  return { ref: row.ref, mediaType: row.media_type, bytes: Number(row.bytes), body: row.body };
}
