// Which gateway process feeds a session's runtime, when several share one PostgreSQL database. A session
// is held by the store instance that created it or last took it over (`sessions.owner`, the instance's
// owner id); an instance holds a session-level advisory lock on its owner id for as long as it lives (on
// its LISTEN connection), so a holder whose lock is free is a process that is gone. A gateway that starts
// takes over only sessions whose holder is gone, in one statement: the rows it updates are locked until
// commit, and a second gateway updating the same rows re-reads them, finds the new holder alive and
// takes nothing, so a session is re-attached by one gateway at most.
import type pg from "pg";

/** Adds the holder column to a `sessions` table made before it existed (those rows have no holder and
 * are taken over by the first gateway that starts). */
export function runtimeLeaseColumn(sessionsTable: string): string {
  return `ALTER TABLE ${sessionsTable} ADD COLUMN IF NOT EXISTS owner BIGINT;`;
}

/** Takes over, for `owner`, those of `sessionIds` that no live store instance holds; returns their ids. */
export async function claimRuntimes(
  pool: pg.Pool,
  sessionsTable: string,
  owner: string,
  sessionIds: readonly string[],
): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  // pg_try_advisory_xact_lock succeeds only when no session holds the old owner's lock; it is released at
  // commit. A row this instance holds already counts as taken.
  const { rows } = await pool.query<{ id: string }>(
    `UPDATE ${sessionsTable} SET owner = $1::bigint
     WHERE id = ANY($2::text[])
       AND (owner IS NULL OR owner = $1::bigint OR pg_try_advisory_xact_lock(owner))
     RETURNING id`,
    [owner, [...sessionIds]],
  );
  const taken = new Set(rows.map((row) => row.id));
  return sessionIds.filter((id) => taken.has(id));
}
