// Idempotency claims for the PostgreSQL store. A claim is owned by the store instance (gateway process)
// that made it, which holds a session-level advisory lock on its owner id for as long as it lives (on its
// LISTEN connection): a pending claim whose owner's lock is free belongs to a process that is gone, never
// completed, stored nothing, and is taken over. Correctness does not rest on that guess: an append
// completes a claim only while it still owns it (./postgres-append), so at most one request ever applies a
// key.
import type { WriteResult } from "@agent-ui/contracts";
import type { PostgresContext } from "./postgres-context";
import type { IdempotencyClaim, SessionStore } from "./session-store";

export type IdempotencyClaims = Pick<
  SessionStore,
  "claimIdempotency" | "completeIdempotency" | "releaseIdempotency"
>;

export function postgresClaims(context: PostgresContext): IdempotencyClaims {
  const { pool, t, owner, inTransaction } = context;
  return {
    async claimIdempotency(sessionId, key, fingerprint): Promise<IdempotencyClaim> {
      for (;;) {
        const now = new Date().toISOString();
        const inserted = await pool.query(
          `INSERT INTO ${t("idempotency")} (session_id, key, fingerprint, result, created_at, owner)
           VALUES ($1, $2, $3, NULL, $4, $5) ON CONFLICT DO NOTHING`,
          [sessionId, key, fingerprint, now, owner],
        );
        if (inserted.rowCount === 1) return { kind: "claimed" };
        const { rows } = await pool.query<{
          fingerprint: string;
          result: string | null;
          owner: string | null;
        }>(`SELECT fingerprint, result, owner FROM ${t("idempotency")} WHERE session_id = $1 AND key = $2`, [
          sessionId,
          key,
        ]);
        const row = rows[0];
        // Released in between: claim it again.
        if (!row) continue;
        if (row.result !== null)
          return {
            kind: "done",
            fingerprint: row.fingerprint,
            result: JSON.parse(row.result) as WriteResult,
          };
        if (row.owner === owner) return { kind: "pending", fingerprint: row.fingerprint };
        // Pending in another store instance: taken over only when that owner's lock is free (its process
        // is gone), and only if the row is still the one read (not completed or taken meanwhile).
        const taken = await inTransaction((client) =>
          client.query(
            `UPDATE ${t("idempotency")} SET fingerprint = $3, created_at = $4, owner = $5
             WHERE session_id = $1 AND key = $2 AND result IS NULL AND owner IS NOT DISTINCT FROM $6::bigint
               AND ($6::bigint IS NULL OR pg_try_advisory_xact_lock($6::bigint))`,
            [sessionId, key, fingerprint, now, owner, row.owner],
          ),
        );
        if (taken.rowCount === 1) return { kind: "claimed" };
        const again = await pool.query<{ result: string | null; owner: string | null }>(
          `SELECT result, owner FROM ${t("idempotency")} WHERE session_id = $1 AND key = $2`,
          [sessionId, key],
        );
        // Still pending under the same live owner: it is running.
        if (again.rows[0]?.result === null && again.rows[0].owner === row.owner)
          return { kind: "pending", fingerprint: row.fingerprint };
      }
    },
    async completeIdempotency(sessionId, key, result) {
      await pool.query(
        `UPDATE ${t("idempotency")} SET result = $1 WHERE session_id = $2 AND key = $3 AND owner = $4 AND result IS NULL`,
        [JSON.stringify(result), sessionId, key, owner],
      );
    },
    async releaseIdempotency(sessionId, key) {
      await pool.query(
        `DELETE FROM ${t("idempotency")} WHERE session_id = $1 AND key = $2 AND owner = $3 AND result IS NULL`,
        [sessionId, key, owner],
      );
    },
  };
}
