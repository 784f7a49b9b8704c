import Database from 'better-sqlite3';
import { databaseLocation } from '../../storage/index.js';

export interface CheckpointPruneOptions {
  /** Checkpoints kept per thread and namespace, newest first; at least 1 (the one a run resumes from). */
  keepLatest: number;
  /** Threads left untouched whatever their count: those with a run awaiting approval. */
  protectedThreads?: ReadonlySet<string>;
}

/**
 * Bounds checkpoint growth: deletes all but the newest `keepLatest` checkpoints of every thread (per
 * namespace), with their pending writes and (PostgreSQL) the channel blobs no kept checkpoint refers
 * to. The newest checkpoint and its writes are what a paused run resumes from, so they always stay,
 * and protected threads are not touched at all. Returns how many checkpoints were deleted.
 */
export async function pruneCheckpoints(location: string, options: CheckpointPruneOptions): Promise<number> {
  if (!Number.isInteger(options.keepLatest) || options.keepLatest < 1) throw new RangeError('keepLatest must be a whole number of at least 1');
  const protectedThreads = [...(options.protectedThreads ?? [])];
  const target = databaseLocation(location);
  if (target.kind === 'postgres') return prunePostgres(target.url, options.keepLatest, protectedThreads);
  if (target.path === ':memory:') return 0;
  const db = new Database(target.path);
  try {
    const hasCheckpoints = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'checkpoints'").get();
    if (!hasCheckpoints) return 0;
    return db.transaction(() => {
      const deleted = db
        .prepare(
          `DELETE FROM checkpoints WHERE rowid IN (
             SELECT rowid FROM (
               SELECT rowid, thread_id, row_number() OVER (PARTITION BY thread_id, checkpoint_ns ORDER BY checkpoint_id DESC) AS rn FROM checkpoints
             ) WHERE rn > ? AND thread_id NOT IN (SELECT value FROM json_each(?))
           )`,
        )
        .run(options.keepLatest, JSON.stringify(protectedThreads)).changes;
      db.prepare(
        `DELETE FROM writes WHERE NOT EXISTS (
           SELECT 1 FROM checkpoints c WHERE c.thread_id = writes.thread_id AND c.checkpoint_ns = writes.checkpoint_ns AND c.checkpoint_id = writes.checkpoint_id)`,
      ).run();
      return deleted;
    }).immediate();
  } finally {
    db.close();
  }
}

async function prunePostgres(url: string, keepLatest: number, protectedThreads: string[]): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = (await client.query<{ found: string | null }>("SELECT to_regclass('checkpoints')::text AS found")).rows[0]?.found;
    if (!exists) return 0;
    await client.query('BEGIN');
    const deleted = (
      await client.query(
        `DELETE FROM checkpoints c USING (
           SELECT thread_id, checkpoint_ns, checkpoint_id,
                  row_number() OVER (PARTITION BY thread_id, checkpoint_ns ORDER BY checkpoint_id COLLATE "C" DESC) AS rn
           FROM checkpoints) r
         WHERE c.thread_id = r.thread_id AND c.checkpoint_ns = r.checkpoint_ns AND c.checkpoint_id = r.checkpoint_id
           AND r.rn > $1 AND NOT (c.thread_id = ANY($2::text[]))`,
        [keepLatest, protectedThreads],
      )
    ).rowCount ?? 0;
    await client.query(
      `DELETE FROM checkpoint_writes w WHERE NOT EXISTS (
         SELECT 1 FROM checkpoints c WHERE c.thread_id = w.thread_id AND c.checkpoint_ns = w.checkpoint_ns AND c.checkpoint_id = w.checkpoint_id)`,
    );
    await client.query(
      `DELETE FROM checkpoint_blobs b WHERE NOT EXISTS (
         SELECT 1 FROM checkpoints c WHERE c.thread_id = b.thread_id AND c.checkpoint_ns = b.checkpoint_ns AND c.checkpoint -> 'channel_versions' ->> b.channel = b.version)`,
    );
    await client.query('COMMIT');
    return deleted;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
