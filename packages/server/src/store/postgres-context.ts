// What the PostgreSQL store's parts share: the pool, the schema's table names, the store instance's owner
// id (the holder of its claims and runtimes, see ./postgres-claims and ./postgres-runtime-lease), the
// notification channel, and one way to run a transaction.
import type pg from "pg";

/** A table's schema-qualified, quoted name. */
export type TableName = (table: string) => string;

export interface PostgresContext {
  pool: pg.Pool;
  t: TableName;
  /** This store instance (a positive random 63-bit id). */
  owner: string;
  /** The LISTEN/NOTIFY channel appends are announced on. */
  channel: string;
  inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
}

/** Runs `work` in one transaction on a pooled client: committed when it resolves, rolled back when not. */
export function transactionRunner(pool: pg.Pool): PostgresContext["inTransaction"] {
  return async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
}
