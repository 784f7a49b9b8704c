import type pg from 'pg';
import { DEAD_LETTER_QUEUE, RUN_QUEUE } from './queue-jobs.js';

/** What `/metrics` and `waybill worker` report about the run queue, read from the database (every process sees the same). */
export interface QueueStats {
  /** Jobs waiting to start: new, or failed and waiting for their retry. */
  queued: number;
  active: number;
  /** Of the queued, those waiting for a retry. */
  retrying: number;
  /** Age in seconds of the oldest queued job, 0 when none waits. */
  oldestQueuedSeconds: number;
  /** Retries made by jobs still in the job table (pg-boss archives finished jobs after 12 hours). */
  retries: number;
  /** Jobs in the dead-letter queue. */
  deadLetters: number;
}

/** One query over pg-boss's job table in `schema`: the run queue `queue` (default LangGraph's) and the shared dead letters. */
export async function readQueueStats(pool: pg.Pool, schema: string, queue: string = RUN_QUEUE): Promise<QueueStats> {
  const { rows } = await pool.query<Record<string, string | null>>(
    `SELECT
       count(*) FILTER (WHERE name = $1 AND state IN ('created', 'retry')) AS queued,
       count(*) FILTER (WHERE name = $1 AND state = 'active') AS active,
       count(*) FILTER (WHERE name = $1 AND state = 'retry') AS retrying,
       COALESCE(EXTRACT(EPOCH FROM now() - min(created_on) FILTER (WHERE name = $1 AND state IN ('created', 'retry'))), 0) AS oldest,
       COALESCE(sum(retry_count) FILTER (WHERE name = $1), 0) AS retries,
       count(*) FILTER (WHERE name = $2) AS dead
     FROM ${schema}.job WHERE name IN ($1, $2)`,
    [queue, DEAD_LETTER_QUEUE],
  );
  const row = rows[0] ?? {};
  const num = (key: string) => Number(row[key] ?? 0);
  return { queued: num('queued'), active: num('active'), retrying: num('retrying'), oldestQueuedSeconds: num('oldest'), retries: num('retries'), deadLetters: num('dead') };
}
