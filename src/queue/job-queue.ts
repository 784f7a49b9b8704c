import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import pg from 'pg';
import { redactLocation } from '../storage/database-location.js';
import { holdPostgresPool, postgresApplicationName } from '../storage/postgres/shared-postgres-pool.js';
import type { Logger } from '../mcp/stderr-logger.js';
import type { RuntimeName } from '../runtimes/index.js';
import { DEAD_LETTER_QUEUE, runQueueFor, safeParseQueueJob, type QueueJob } from './queue-jobs.js';
import type { QueueSettings } from './queue-settings.js';
import { readQueueStats, type QueueStats } from './queue-stats.js';

/** Something that runs SQL: pg-boss's pool, or a caller's transaction (so a job is enqueued with the caller's writes). */
export type SqlExecutor = PgBoss.Db;

/** A job a worker holds: its payload (or why it is unreadable), when it was queued and started, and which attempt this is. */
export interface HeldJob {
  id: string;
  parsed: ReturnType<typeof safeParseQueueJob>;
  createdOn: Date;
  startedOn: Date;
  retryCount: number;
}

/**
 * One runtime's run queue on pg-boss (`runQueueFor(runtime)`, policy `singleton` keyed by thread, so at
 * most one job per thread is active whatever the number of workers), retries with a dead-letter queue
 * shared by every runtime, and a job lease workers renew while a job runs.
 */
export interface JobQueue {
  readonly settings: QueueSettings;
  /** The runtime whose jobs this queue holds; a worker runs them on that runtime only. */
  readonly runtime: RuntimeName;
  /** Queues a job; `db` puts the insert in the caller's transaction. Returns the job id. */
  enqueue(job: QueueJob, options?: { db?: SqlExecutor; startAfterSeconds?: number }): Promise<string>;
  /** Takes the next job (`FOR UPDATE SKIP LOCKED`), or undefined when none is ready. */
  fetch(): Promise<HeldJob | undefined>;
  complete(jobId: string, output: Record<string, unknown>): Promise<void>;
  /** Fails an attempt: retried after retryDelaySeconds (backing off) until retryLimit, then dead-lettered. */
  fail(jobId: string, error: Error): Promise<void>;
  /** Puts a held job back to run after `delaySeconds` (a copy queued and the original completed in one transaction). */
  defer(jobId: string, job: QueueJob, delaySeconds: number): Promise<void>;
  /**
   * Calls `wake` whenever a job is queued in this queue (by any process: a NOTIFY sent when the job's
   * insert commits), so an idle worker need not wait for its next poll. Best effort: polling stays the
   * guarantee (a lost notification or listening connection only costs latency). Returns a stop function.
   */
  onJobQueued(wake: () => void): Promise<() => Promise<void>>;
  /** Extends a held job's lease to leaseSeconds from now; false when the job is no longer this worker's (it expired). */
  renewLease(jobId: string): Promise<boolean>;
  /** Runs `fn` in one transaction on the queue's database; `db` passed to `enqueue` joins it. */
  inTransaction<T>(fn: (db: SqlExecutor, client: pg.PoolClient) => Promise<T>): Promise<T>;
  stats(): Promise<QueueStats>;
  close(): Promise<void>;
}

export interface OpenJobQueueOptions {
  settings: QueueSettings;
  /** Whose queue: the runtime `serve --queue` serves or `worker` runs. Default `langgraph`. */
  runtime?: RuntimeName;
  /** Take part in maintenance (expiring leases, archiving): workers do; a process that only enqueues need not. */
  supervise?: boolean;
  logger: Logger;
}

/**
 * Opens (creating on first use, under pg-boss's own advisory lock) the run queue of `options.runtime`
 * in `settings.schema` of the PostgreSQL database at `url`.
 * @example
 * const queue = await openJobQueue(url, { settings: queueSettingsFromEnv(url), logger });
 * await queue.enqueue({ kind: 'run', runId, threadId, tenant: 'default', input: 'Де TTN-000001?' });
 */
export async function openJobQueue(url: string, options: OpenJobQueueOptions): Promise<JobQueue> {
  const { settings, supervise = false, logger, runtime = 'langgraph' } = options;
  const queueName = runQueueFor(runtime);
  // pg-boss and the queue's own statements run on the process's pool for this URL, shared with the
  // stores (pg-boss would otherwise open a pool of its own).
  const hold = await holdPostgresPool(url);
  const pool = hold.pool;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: settings.schema,
    supervise,
    schedule: false,
    maintenanceIntervalSeconds: settings.maintenanceSeconds,
  });
  // pg-boss reports maintenance errors as events; unhandled, an 'error' event would end the process.
  boss.on('error', (error) => logger.warn('queue error', { error: error.message }));
  try {
    // pg-boss creates a queue's partition without a lock: two processes starting together deadlock on it.
    await whileLocked(url, `${settings.schema}.queues`, async () => {
      await boss.start();
      if (!(await boss.getQueue(DEAD_LETTER_QUEUE))) await boss.createQueue(DEAD_LETTER_QUEUE, { name: DEAD_LETTER_QUEUE, policy: 'standard' });
      if (await boss.getQueue(queueName)) return;
      await boss.createQueue(queueName, {
        name: queueName,
        policy: 'singleton',
        deadLetter: DEAD_LETTER_QUEUE,
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: settings.leaseSeconds,
      });
    });
  } catch (cause) {
    await boss.stop({ graceful: false }).catch(() => undefined);
    await hold.release().catch(() => undefined);
    throw new Error(`cannot open the run queue at ${redactLocation(url)} (schema ${settings.schema}): ${(cause as Error).message}`, { cause });
  }
  const schema = settings.schema;
  // A channel name is an identifier of at most 63 bytes; a schema can be longer, so its digest names it.
  const channel = `waybill_jobs_${createHash('sha256').update(`${schema}.${queueName}`).digest('hex').slice(0, 24)}`;
  const sendOptions = (job: QueueJob) => ({
    singletonKey: job.threadId,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: settings.leaseSeconds,
    deadLetter: DEAD_LETTER_QUEUE,
  });
  const executorOf = (client: pg.PoolClient | undefined): SqlExecutor => ({ executeSql: (text, values) => (client ?? pool).query(text, values) });
  // Fair scheduling across tenants: a job's priority is minus the jobs its tenant already has waiting, and
  // workers take the highest priority first, so a tenant with a backlog of a thousand never holds back
  // another tenant's first job. (pg-boss orders by priority, then age; within a tenant, age mostly wins.)
  const fairPriority = async (db: SqlExecutor, tenant: string): Promise<number> => {
    const { rows } = await db.executeSql(`SELECT count(*)::int AS waiting FROM ${settings.schema}.job WHERE name = $1 AND state IN ('created', 'retry') AND data->>'tenant' = $2`, [queueName, tenant]);
    return -Number((rows[0] as { waiting?: number } | undefined)?.waiting ?? 0);
  };
  const inTransaction = async <T>(fn: (db: SqlExecutor, client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(executorOf(client), client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  const send = async (job: QueueJob, db: SqlExecutor | undefined, startAfterSeconds: number | undefined): Promise<string> => {
    const priority = await fairPriority(db ?? executorOf(undefined), job.tenant);
    const id = await boss.send(queueName, job, { ...sendOptions(job), priority, ...(db && { db }), ...(startAfterSeconds !== undefined && { startAfter: startAfterSeconds }) });
    // A singleton queue never refuses an insert (it gates activation, not creation), so null means a broken queue.
    if (!id) throw new Error(`the run queue refused a ${job.kind} job for thread ${job.threadId}`);
    // Delivered when the insert commits (in the caller's transaction, or at once); a delayed job is left to the poll.
    if (!startAfterSeconds) await (db ?? executorOf(undefined)).executeSql("SELECT pg_notify($1, '')", [channel]);
    return id;
  };
  return {
    settings,
    runtime,
    enqueue: (job, { db, startAfterSeconds } = {}) => send(job, db, startAfterSeconds),
    async fetch() {
      const [job] = await boss.fetch<unknown>(queueName, { batchSize: 1, includeMetadata: true });
      if (!job) return undefined;
      return { id: job.id, parsed: safeParseQueueJob(job.data), createdOn: job.createdOn, startedOn: job.startedOn, retryCount: job.retryCount };
    },
    async complete(jobId, output) {
      await boss.complete(queueName, jobId, output);
    },
    async fail(jobId, error) {
      // Kept as the job's output (and the dead letter's, after the last retry): why it failed, with the runtime's code when it has one.
      const code = (error as { code?: unknown }).code;
      await boss.fail(queueName, jobId, { message: error.message, ...(typeof code === 'string' && { code }) });
    },
    async defer(jobId, job, delaySeconds) {
      await inTransaction(async (db) => {
        await send(job, db, delaySeconds);
        await boss.complete(queueName, jobId, { deferred: true }, { db });
      });
    },
    async onJobQueued(wake) {
      const listener = new pg.Client({ connectionString: url, application_name: postgresApplicationName('waybill-queue-listen') });
      // A dropped listening connection leaves the worker polling, as it would without one.
      listener.on('error', () => undefined);
      listener.on('notification', () => wake());
      await listener.connect();
      await listener.query(`LISTEN ${channel}`);
      return () => listener.end().catch(() => undefined);
    },
    async renewLease(jobId) {
      // pg-boss 10 expires an active job when started_on + expire_in has passed; moving expire_in is the lease.
      const result = await pool.query({
        name: 'waybill-queue-renew-lease',
        text: `UPDATE ${schema}.job SET expire_in = (now() - started_on) + $3::int * interval '1 second' WHERE name = $1 AND id = $2 AND state = 'active' RETURNING id`,
        values: [queueName, jobId, settings.leaseSeconds],
      });
      return (result.rowCount ?? 0) > 0;
    },
    inTransaction,
    stats: () => readQueueStats(pool, schema, queueName),
    async close() {
      await boss.stop({ graceful: false, wait: true });
      await hold.release();
    },
  };
}

/**
 * Runs `fn` holding a session advisory lock named `name`: a mutex across processes. The lock is held on
 * a connection of its own, so a second process's opening that waits for it holds none of the pool's.
 */
async function whileLocked<T>(url: string, name: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: postgresApplicationName('waybill-queue') });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    return await fn();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => undefined);
  }
}
