// Group-committed appends for the PostgreSQL store (./group-commit hands a batch of requests; each gets
// its entries or its own error). Each batch is one transaction that bumps the sessions' `last_seq` (the
// row lock serializes writers, so seq ranges commit in order), inserts the events under a unique
// (session_id, seq) key and `pg_notify`s inside the transaction, so every gateway (LISTEN) hears of it
// after commit. The detail bodies a request carries, and the answer of the idempotency claim it completes
// (push ingest), are written in that transaction too: a gateway woken by the notification always finds
// the bodies of the events it delivers. A request completing a claim this store no longer owns stores
// nothing (IdempotencyClaimLostError).
import type { DetailRecord, LogEntry } from "./session-store";
import type { AppendRequest } from "./group-commit";
import type { PostgresContext } from "./postgres-context";
import { upsertDetails } from "./postgres-details";
import { IdempotencyClaimLostError, UnknownSessionError } from "./session-store";

/** The commit function of the store's group commit. */
export function postgresCommitBatch(
  context: PostgresContext,
): (requests: readonly AppendRequest[]) => Promise<(LogEntry[] | Error)[]> {
  const { pool, t, owner, channel, inTransaction } = context;
  /** One transaction per batch. Requests are grouped per session (keeping their order) and sessions are
   * locked in id order, so two gateways committing overlapping batches cannot deadlock. A batch without
   * detail bodies (the hot path) is one statement: one round trip per group commit. */
  const commitBatch = (requests: readonly AppendRequest[]) =>
    requests.some(
      (request) =>
        (request.details !== undefined && request.details.length > 0) || request.completes !== undefined,
    )
      ? commitWithDetails(requests)
      : commitEvents(requests);

  const commitEvents = async (requests: readonly AppendRequest[]) => {
    const plan = planBatch(requests);
    const results: (LogEntry[] | Error)[] = new Array(requests.length);
    if (plan.sessionIds.length === 0) {
      for (let i = 0; i < requests.length; i++) results[i] = [];
      return results;
    }
    const { rows } = await pool.query<{ id: string; base: string }>(
      `WITH input AS (SELECT * FROM unnest($1::text[], $2::bigint[]) AS x(id, total)),
       locked AS (SELECT s.id FROM ${t("sessions")} s JOIN input i ON i.id = s.id ORDER BY s.id FOR UPDATE OF s),
       bumped AS (
         UPDATE ${t("sessions")} s SET last_seq = s.last_seq + i.total, updated_at = $3
         FROM input i WHERE s.id = i.id AND s.id IN (SELECT id FROM locked)
         RETURNING s.id, s.last_seq - i.total AS base, s.last_seq),
       inserted AS (
         INSERT INTO ${t("events")} (session_id, seq, event)
         SELECT e.sid, b.base + e.ord, e.ev
         FROM unnest($4::text[], $5::bigint[], $6::text[]) AS e(sid, ord, ev) JOIN bumped b ON b.id = e.sid)
       SELECT b.id, b.base, pg_notify($7, b.id || E'\t' || b.last_seq) FROM bumped b`,
      [
        plan.sessionIds,
        plan.totals,
        new Date().toISOString(),
        plan.eventSessions,
        plan.ordinals,
        plan.texts,
        channel,
      ],
    );
    const bases = new Map(rows.map((row) => [row.id, Number(row.base)]));
    requests.forEach((request, i) => {
      if (request.events.length === 0) {
        results[i] = [];
        return;
      }
      const base = bases.get(request.sessionId);
      if (base === undefined) {
        results[i] = new UnknownSessionError(request.sessionId);
        return;
      }
      const first = plan.firstOrdinal[i];
      results[i] = request.events.map((event, k) => ({ seq: base + first + k, event }));
    });
    return results;
  };

  const commitWithDetails = (requests: readonly AppendRequest[]) =>
    inTransaction(async (client) => {
      const bySession = new Map<string, number[]>();
      requests.forEach((request, i) => {
        const list = bySession.get(request.sessionId);
        if (list) list.push(i);
        else bySession.set(request.sessionId, [i]);
      });
      const results: (LogEntry[] | Error)[] = new Array(requests.length);
      for (const sessionId of [...bySession.keys()].sort()) {
        let indexes = bySession.get(sessionId)!;
        // A request completing a claim this store no longer owns stores nothing. The claim rows are
        // locked until commit, so a takeover waits and then finds the key completed.
        const lost = new Set<number>();
        for (const i of indexes) {
          const completes = requests[i].completes;
          if (completes === undefined) continue;
          const held = await client.query(
            `SELECT 1 FROM ${t("idempotency")} WHERE session_id = $1 AND key = $2 AND owner = $3 AND result IS NULL FOR UPDATE`,
            [sessionId, completes.key, owner],
          );
          if (held.rowCount === 0) lost.add(i);
        }
        if (lost.size > 0) {
          for (const i of lost)
            results[i] = new IdempotencyClaimLostError(sessionId, requests[i].completes!.key);
          indexes = indexes.filter((i) => !lost.has(i));
          if (indexes.length === 0) continue;
        }
        const total = indexes.reduce((sum, i) => sum + requests[i].events.length, 0);
        const bumped = await client.query<{ last_seq: string }>(
          `UPDATE ${t("sessions")} SET last_seq = last_seq + $2, updated_at = $3 WHERE id = $1 RETURNING last_seq`,
          [sessionId, total, new Date().toISOString()],
        );
        if (bumped.rowCount === 0) {
          for (const i of indexes) results[i] = new UnknownSessionError(sessionId);
          continue;
        }
        let seq = Number(bumped.rows[0].last_seq) - total;
        const seqs: number[] = [];
        const texts: string[] = [];
        let details: DetailRecord[] | undefined;
        const answers: { key: string; result: string }[] = [];
        for (const i of indexes) {
          const carried = requests[i].details;
          if (carried !== undefined && carried.length > 0) {
            details ??= [];
            for (const detail of carried) details.push(detail);
          }
          results[i] = requests[i].events.map((event) => {
            seq += 1;
            seqs.push(seq);
            texts.push(JSON.stringify(event));
            return { seq, event };
          });
          const completes = requests[i].completes;
          if (completes !== undefined)
            answers.push({ key: completes.key, result: JSON.stringify({ ...completes.result, seq }) });
        }
        if (details) await upsertDetails(client, t("details"), sessionId, details);
        if (answers.length > 0)
          await client.query(
            `UPDATE ${t("idempotency")} i SET result = a.result FROM unnest($2::text[], $3::text[]) AS a(key, result)
             WHERE i.session_id = $1 AND i.key = a.key`,
            [sessionId, answers.map((a) => a.key), answers.map((a) => a.result)],
          );
        // Bodies-only requests append nothing and wake nobody.
        if (total === 0) continue;
        await client.query(
          `INSERT INTO ${t("events")} (session_id, seq, event) SELECT $1, s, e FROM unnest($2::bigint[], $3::text[]) AS x(s, e)`,
          [sessionId, seqs, texts],
        );
        await client.query("SELECT pg_notify($1, $2)", [channel, `${sessionId}\t${seq}`]);
      }
      return results;
    });
  return commitBatch;
}

interface BatchPlan {
  /** Sessions with events, and how many each gets. */
  sessionIds: string[];
  totals: number[];
  /** Per event: its session, its 1-based ordinal within that session's share of the batch, its JSON. */
  eventSessions: string[];
  ordinals: number[];
  texts: string[];
  /** Per request: the ordinal of its first event. */
  firstOrdinal: number[];
}

/** Lays a batch out as parallel arrays for one `unnest` insert, keeping submission order per session. */
function planBatch(requests: readonly AppendRequest[]): BatchPlan {
  const totals = new Map<string, number>();
  const plan: BatchPlan = {
    sessionIds: [],
    totals: [],
    eventSessions: [],
    ordinals: [],
    texts: [],
    firstOrdinal: [],
  };
  for (const request of requests) {
    let ordinal = totals.get(request.sessionId) ?? 0;
    plan.firstOrdinal.push(ordinal + 1);
    for (const event of request.events) {
      ordinal += 1;
      plan.eventSessions.push(request.sessionId);
      plan.ordinals.push(ordinal);
      plan.texts.push(JSON.stringify(event));
    }
    if (ordinal > 0) totals.set(request.sessionId, ordinal);
  }
  for (const [id, total] of totals) {
    plan.sessionIds.push(id);
    plan.totals.push(total);
  }
  return plan;
}
