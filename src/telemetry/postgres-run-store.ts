import type { Pool } from 'pg';
import type { CompanionWrite, PostgresMigration } from '../storage/index.js';
import { openPostgresPool, POSTGRES_DIALECT, PostgresStore, withTransaction } from '../storage/index.js';
import { isStopReason } from '../policy/index.js';
import type { AuditEvent } from './audit-event.js';
import { storedAuditEvents } from './stored-audit-events.js';
import type { RunRecord } from './run-record.js';
import { RUN_RECORD_VERSION, RunStatus } from './run-record.js';
import type { IntentHolder, LeaseSwap, NewRunIntent, RunIntent } from './run-intent.js';
import { intentParams, POSTGRES_ONE_INTENT_PER_THREAD_DDL, RUN_INTENTS_DDL, RUN_INTENTS_VARIANT_DDL, toIntent } from './run-intent-rows.js';
import type { RunIntentRow } from './run-intent-rows.js';
import { DECISIONS_SCHEMA, runsSchemaV1, THREAD_OWNERS_SCHEMA } from './run-store-schema.js';
import type { AlsoInTransaction, DecisionClaim, RunCount, RunFilter, RunListing, RunStore, ThreadAdmission } from './run-store.js';
import { checkLimit, invalidArgument, leaseLost, readAuditEvent, readOrThrow, toInstant, validAuditEvents, validRunRecord } from './run-store-checks.js';
import type { StoredRunRow } from './stored-run.js';
import { decodeStoredRun, encodeStoredRun } from './stored-run.js';
import { windowBounds, type RunDayCount, type UsageWindow } from './usage-window.js';

/** The same versions and tables as SQLite's `runs` component (1 — runs, audit_events; 2 — decisions; 3 — thread_owners; 4 — run_intents; 5 — run_intents.variant; 6 — one run in flight a thread). */
const POSTGRES_RUNS_MIGRATIONS: readonly PostgresMigration[] = [
  runsSchemaV1(POSTGRES_DIALECT),
  DECISIONS_SCHEMA,
  `${THREAD_OWNERS_SCHEMA}
   INSERT INTO thread_owners (thread_id, tenant, claimed_at)
     SELECT DISTINCT ON (thread_id) thread_id, tenant, started_at FROM runs ORDER BY thread_id, started_at
   ON CONFLICT (thread_id) DO NOTHING;`,
  RUN_INTENTS_DDL,
  RUN_INTENTS_VARIANT_DDL,
  POSTGRES_ONE_INTENT_PER_THREAD_DDL,
];

const RUN_COLUMNS = 'run_id, schema_version, record';

// A prepared statement's name stands for one text: each set of writes alongside a run's record (a
// handful: with or without usage, budget charge, holds) is prepared under a name of its own.
const finishedNames = new Map<string, string>();
/** What the fenced end of a run fails on when its writer no longer holds the run (saveFinishedRun). */
const LEASE_LOST = 'waybill_lease_lost:';
const finishedStatementName = (text: string): string => {
  let name = finishedNames.get(text);
  if (name === undefined) {
    name = `waybill-runs-save-finished-${finishedNames.size}`;
    finishedNames.set(text, name);
  }
  return name;
};

/** Idle before the cutoff, not awaiting approval, and not on a thread with a run in flight (a decided pause not yet resumed). */
const PRUNABLE = "updated_at < $1 AND status <> 'awaiting_approval' AND thread_id NOT IN (SELECT thread_id FROM run_intents)";

type Queryable = Pick<Pool, 'query'>;

async function insertIntent(client: Queryable, intent: NewRunIntent): Promise<boolean> {
  const p = intentParams(intent);
  const { rowCount } = await client.query({
    name: 'waybill-runs-begin-intent',
    text: `INSERT INTO run_intents (run_id, thread_id, tenant, request_id, runtime, kind, input, paused_run_id, decision, variant, started_at, owner, lease_until, attempts)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 1) ON CONFLICT (run_id) DO NOTHING`,
    values: [p.run_id, p.thread_id, p.tenant, p.request_id, p.runtime, p.kind, p.input, p.paused_run_id, p.decision, p.variant, p.started_at, p.owner, p.lease_until],
  });
  return rowCount === 1;
}

/** The run's row, replaced unless a decision made it `decided` meanwhile (the decision's status wins). */
const WRITE_RUN = `INSERT INTO runs (run_id, thread_id, tenant, request_id, status, stop_reason, started_at, updated_at, record, schema_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (run_id) DO UPDATE SET thread_id = excluded.thread_id, tenant = excluded.tenant, request_id = excluded.request_id,
         status = excluded.status, stop_reason = excluded.stop_reason, started_at = excluded.started_at,
         updated_at = excluded.updated_at, record = excluded.record, schema_version = excluded.schema_version
       WHERE runs.status <> 'decided'`;

/**
 * Audit events from four arrays ($n to $n+3: run ids, times, types, JSON), in their order: one statement
 * of fixed text whatever their number, so it is prepared once per connection.
 */
const insertEvents = (n: number) => `INSERT INTO audit_events (run_id, ts, type, event)
       SELECT run_id, ts, type, event FROM unnest($${n}::text[], $${n + 1}::text[], $${n + 2}::text[], $${n + 3}::text[]) WITH ORDINALITY AS e(run_id, ts, type, event, n) ORDER BY n`;

const eventArrays = (events: readonly AuditEvent[]): string[][] => {
  const rows = storedAuditEvents(events);
  return [rows.map((r) => r.run_id), rows.map((r) => r.ts), rows.map((r) => r.type), rows.map((r) => r.event)];
};

async function writeEvents(client: Queryable, events: readonly AuditEvent[]): Promise<void> {
  await client.query({ name: 'waybill-runs-insert-events', text: insertEvents(1), values: eventArrays(events) });
}

/**
 * A run's start reads about its thread, as the CTE `seen` ($1 thread, $2 tenant, $3 now): the claim
 * (or the owner already there), the runs in flight and the latest run with its status, from one snapshot.
 */
const THREAD_READ = `claimed AS (INSERT INTO thread_owners (thread_id, tenant, claimed_at) VALUES ($1, $2, $3) ON CONFLICT (thread_id) DO NOTHING RETURNING tenant),
  seen AS (SELECT (SELECT tenant FROM claimed UNION ALL SELECT tenant FROM thread_owners WHERE thread_id = $1 LIMIT 1) AS owner,
    (SELECT coalesce(json_agg(i ORDER BY i.started_at, i.run_id COLLATE "C"), '[]'::json) FROM run_intents i WHERE i.thread_id = $1) AS intents,
    l.latest, l.status AS latest_status
    FROM (SELECT 1) AS one LEFT JOIN LATERAL (SELECT json_build_object('run_id', r.run_id, 'schema_version', r.schema_version, 'record', r.record) AS latest, r.status FROM runs r
      WHERE r.thread_id = $1 ORDER BY r.started_at DESC, r.updated_at DESC, r.run_id COLLATE "C" DESC LIMIT 1) AS l ON true)`;

interface AdmissionRow {
  owner: string | null;
  intents: RunIntentRow[];
  latest: StoredRunRow | null;
}

// A claim that lost a race (its snapshot cannot see the winner's row) reads no owner.
const admissionOf = (row: AdmissionRow | undefined): ThreadAdmission | undefined =>
  row?.owner ? { owner: row.owner, intents: row.intents.map(toIntent), latest: row.latest ? readOrThrow(row.latest) : undefined } : undefined;

/**
 * Run records and audit events in PostgreSQL (component `runs`), the same rows as SQLite's. A decision
 * is claimed by INSERT ... ON CONFLICT DO NOTHING on the paused run's primary key: exactly one of any
 * number of concurrent claimers gets the row.
 */
export class PostgresRunStore extends PostgresStore implements RunStore {
  /** Connects to `url` and migrates the `runs` component; throws StoreError. */
  static async open(url: string, now?: () => Date): Promise<PostgresRunStore> {
    return new PostgresRunStore(await openPostgresPool(url, 'runs', POSTGRES_RUNS_MIGRATIONS), now);
  }

  async saveRun(record: RunRecord): Promise<void> {
    await this.#writeRun(this.pool, validRunRecord(record));
  }

  async saveFinishedRun(record: RunRecord, events: readonly AuditEvent[], alongside: readonly CompanionWrite[] = [], holder?: IntentHolder): Promise<void> {
    if (alongside.some((write) => !this.carries(write))) throw invalidArgument('a write alongside a run\'s record must be on the run store\'s database');
    // One statement, so one round trip and atomic on its own (it was a five-round-trip transaction):
    // the record, its events, the end of its intent and the writes alongside (the run's usage and
    // budget charges) commit together or not at all, with one WAL flush.
    const values: unknown[] = [...this.#runParams(record), ...eventArrays(events)];
    const clauses = [`run AS (${WRITE_RUN})`, `events AS (${insertEvents(11)})`];
    for (const write of alongside) {
      if (write.kind !== 'statement') continue;
      for (const clause of write.clauses(values.length + 1)) clauses.push(`w${clauses.length} AS (${clause})`);
      values.push(...write.values);
    }
    if (holder === undefined) {
      const text = `WITH ${clauses.join(', ')} DELETE FROM run_intents WHERE run_id = $1`;
      await this.pool.query({ name: finishedStatementName(text), text, values });
      return;
    }
    // Fenced: the intent goes only if this holding still has it, and otherwise the statement fails, so
    // that none of its writes commit. The failure is a cast of a text that is not a number, built from the
    // count so that it is evaluated only then (a constant one would be folded, and fail, when planned).
    values.push(holder.owner, holder.attempts);
    clauses.unshift(`held AS (DELETE FROM run_intents WHERE run_id = $1 AND owner = $${values.length - 1} AND attempts = $${values.length} RETURNING 1)`);
    const text = `WITH ${clauses.join(', ')} SELECT CASE WHEN count(*) = 1 THEN 1 ELSE ('${LEASE_LOST}' || count(*))::int END AS held FROM held`;
    try {
      await this.pool.query({ name: finishedStatementName(text), text, values });
    } catch (error) {
      if ((error as { code?: unknown }).code === '22P02' && String((error as Error).message).includes(LEASE_LOST)) throw leaseLost(record.run_id);
      throw error;
    }
  }

  async #writeRun(client: Queryable, r: RunRecord): Promise<void> {
    await client.query({ name: 'waybill-runs-write-run', text: WRITE_RUN, values: this.#runParams(r) });
  }

  #runParams(r: RunRecord): unknown[] {
    return [r.run_id, r.thread_id, r.tenant, r.request_id, r.status, r.stop_reason, new Date(r.started_at).toISOString(), this.now().toISOString(), encodeStoredRun(r), RUN_RECORD_VERSION];
  }

  async getRun(runId: string): Promise<RunRecord | undefined> {
    const row = (await this.pool.query<StoredRunRow>({ name: 'waybill-runs-get-run', text: `SELECT ${RUN_COLUMNS} FROM runs WHERE run_id = $1`, values: [runId] })).rows[0];
    return row && readOrThrow(row);
  }

  async latestRunForThread(threadId: string): Promise<RunRecord | undefined> {
    const row = (
      await this.pool.query<StoredRunRow>({
        name: 'waybill-runs-latest-for-thread',
        text: `SELECT ${RUN_COLUMNS} FROM runs WHERE thread_id = $1 ORDER BY started_at DESC, updated_at DESC, run_id COLLATE "C" DESC LIMIT 1`,
        values: [threadId],
      })
    ).rows[0];
    return row && readOrThrow(row);
  }

  async listRuns(filter: RunFilter = {}): Promise<RunListing> {
    const where: string[] = [];
    const values: Array<string | number> = [];
    const add = (condition: string, value: string) => {
      values.push(value);
      where.push(`${condition} $${values.length}`);
    };
    const limit = checkLimit(filter.limit);
    if (filter.status !== undefined) {
      if (!RunStatus.safeParse(filter.status).success) throw invalidArgument(`status must be one of ${RunStatus.options.join(', ')}`);
      add('status =', filter.status);
    }
    if (filter.stopReason !== undefined) {
      if (!isStopReason(filter.stopReason)) throw invalidArgument(`"${String(filter.stopReason)}" is not a stop reason`);
      add('stop_reason =', filter.stopReason);
    }
    if (filter.requestId !== undefined) add('request_id =', filter.requestId);
    if (filter.tenant !== undefined) add('tenant =', filter.tenant);
    if (filter.since !== undefined) add('started_at >=', toInstant(filter.since, 'since'));
    if (filter.until !== undefined) add('started_at <', toInstant(filter.until, 'until'));
    values.push(limit);
    const rows = (
      await this.pool.query<StoredRunRow>(
        `SELECT ${RUN_COLUMNS} FROM runs ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY started_at DESC, run_id COLLATE "C" DESC LIMIT $${values.length}`,
        values,
      )
    ).rows;
    const listing: RunListing = { runs: [], skipped: 0, skippedRunIds: [] };
    for (const row of rows) {
      const decoded = decodeStoredRun(row);
      if (decoded.success) listing.runs.push(decoded.value);
      else {
        listing.skipped += 1;
        listing.skippedRunIds.push(row.run_id);
      }
    }
    return listing;
  }

  async appendEvents(events: readonly AuditEvent[]): Promise<void> {
    const valid = validAuditEvents(events);
    if (valid.length === 0) return;
    await writeEvents(this.pool, valid);
  }

  async countRunsByDay(window: UsageWindow): Promise<RunDayCount[]> {
    const { from, to } = windowBounds(window);
    const tenant = window.tenant === undefined ? '' : 'AND tenant = $3';
    const sql = `SELECT tenant, substr(started_at, 1, 10) AS day, stop_reason, count(*)::int AS runs,
        coalesce(sum((record::jsonb->'usage'->>'prompt_tokens')::bigint), 0)::float8 AS prompt_tokens,
        coalesce(sum((record::jsonb->'usage'->>'completion_tokens')::bigint), 0)::float8 AS completion_tokens,
        coalesce(sum((record::jsonb->'usage'->>'usd')::float8), 0)::float8 AS usd
      FROM runs WHERE started_at >= $1 AND started_at < $2 ${tenant}
      GROUP BY 1, 2, 3`;
    return (await this.pool.query<RunDayCount>(sql, [from, to, ...(window.tenant === undefined ? [] : [window.tenant])])).rows;
  }

  async countRuns(): Promise<RunCount[]> {
    const { rows } = await this.pool.query<RunCount>('SELECT tenant, status, stop_reason, count(*)::int AS runs FROM runs GROUP BY tenant, status, stop_reason ORDER BY tenant COLLATE "C", status COLLATE "C", stop_reason COLLATE "C"');
    return rows;
  }

  async listEvents(runId: string): Promise<AuditEvent[]> {
    const rows = (await this.pool.query<{ id: string; event: string }>('SELECT id, event FROM audit_events WHERE run_id = $1 ORDER BY id', [runId])).rows;
    return rows.map((row) => readAuditEvent(Number(row.id), row.event, runId));
  }

  async pruneOlderThan(cutoffIso: string): Promise<string[]> {
    const cutoff = toInstant(cutoffIso, 'cutoff');
    return withTransaction(this.pool, async (client) => {
      const threads = (await client.query<{ thread_id: string }>(`SELECT DISTINCT thread_id FROM runs WHERE ${PRUNABLE}`, [cutoff])).rows.map((r) => r.thread_id);
      await client.query(`DELETE FROM audit_events WHERE run_id IN (SELECT run_id FROM runs WHERE ${PRUNABLE})`, [cutoff]);
      await client.query('DELETE FROM audit_events WHERE ts < $1 AND run_id NOT IN (SELECT run_id FROM runs) AND run_id NOT IN (SELECT run_id FROM run_intents)', [cutoff]);
      await client.query(`DELETE FROM runs WHERE ${PRUNABLE}`, [cutoff]);
      const remaining = new Set((await client.query<{ thread_id: string }>('SELECT DISTINCT thread_id FROM runs WHERE thread_id = ANY($1)', [threads])).rows.map((r) => r.thread_id));
      return threads.filter((thread) => !remaining.has(thread)).sort();
    });
  }

  async claimDecision(claim: DecisionClaim, resume?: NewRunIntent, alsoInTransaction?: AlsoInTransaction): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      const inserted = (
        await client.query('INSERT INTO decisions (paused_run_id, thread_id, decision, decided_by, decided_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (paused_run_id) DO NOTHING', [
          claim.pausedRunId, claim.threadId, claim.decision, claim.by, this.now().toISOString(),
        ])
      ).rowCount;
      if (inserted !== 1) return false;
      // The paused run is no longer waiting on anyone, wherever runs are listed.
      await setPausedStatus(client, claim.pausedRunId, 'awaiting_approval', 'decided');
      if (resume) await insertIntent(client, resume);
      await alsoInTransaction?.({ executeSql: async (text, values) => ({ rows: (await client.query(text, values)).rows }) });
      return true;
    });
  }

  async beginIntent(intent: NewRunIntent): Promise<boolean> {
    return insertIntent(this.pool, intent);
  }

  async listIntents(threadId?: string): Promise<RunIntent[]> {
    const { rows } = threadId === undefined
      ? await this.pool.query<RunIntentRow>('SELECT * FROM run_intents ORDER BY started_at, run_id COLLATE "C"')
      : await this.pool.query<RunIntentRow>({ name: 'waybill-runs-thread-intents', text: 'SELECT * FROM run_intents WHERE thread_id = $1 ORDER BY started_at, run_id COLLATE "C"', values: [threadId] });
    return rows.map(toIntent);
  }

  async takeIntent(runId: string, swap: LeaseSwap): Promise<RunIntent | undefined> {
    const { rows } = await this.pool.query<RunIntentRow>(
      'UPDATE run_intents SET owner = $1, lease_until = $2, attempts = attempts + 1 WHERE run_id = $3 AND owner = $4 AND lease_until = $5 RETURNING *',
      [swap.next.owner, swap.next.leaseUntil, runId, swap.seen.owner, swap.seen.leaseUntil],
    );
    return rows[0] && toIntent(rows[0]);
  }

  async renewIntent(runId: string, owner: string, leaseUntil: string, attempts?: number): Promise<boolean> {
    if (attempts === undefined) return (await this.pool.query({ name: 'waybill-runs-renew-intent', text: 'UPDATE run_intents SET lease_until = $1 WHERE run_id = $2 AND owner = $3', values: [leaseUntil, runId, owner] })).rowCount === 1;
    return (await this.pool.query({ name: 'waybill-runs-renew-held-intent', text: 'UPDATE run_intents SET lease_until = $1 WHERE run_id = $2 AND owner = $3 AND attempts = $4', values: [leaseUntil, runId, owner, attempts] })).rowCount === 1;
  }

  async claimThread(threadId: string, tenant: string): Promise<string> {
    // One round trip: the claim, or the owner already there. A claimer that lost a race with one
    // committing meanwhile waits for that commit and inserts nothing, but the owner it then reads is
    // from before (the statement's snapshot): only then a second statement reads the winner.
    const claimed = await this.pool.query<{ tenant: string }>({
      name: 'waybill-runs-claim-thread',
      text: `WITH claimed AS (INSERT INTO thread_owners (thread_id, tenant, claimed_at) VALUES ($1, $2, $3) ON CONFLICT (thread_id) DO NOTHING RETURNING tenant)
             SELECT tenant FROM claimed UNION ALL SELECT tenant FROM thread_owners WHERE thread_id = $1`,
      values: [threadId, tenant, this.now().toISOString()],
    });
    const owner = claimed.rows[0] ?? (await this.pool.query<{ tenant: string }>('SELECT tenant FROM thread_owners WHERE thread_id = $1', [threadId])).rows[0];
    if (!owner) throw new Error(`thread ${threadId} has no owner after its claim`);
    return owner.tenant;
  }

  async claimThreadAndRead(threadId: string, tenant: string): Promise<ThreadAdmission | undefined> {
    // claimThread's statement with listIntents' and latestRunForThread's reads beside it: one round
    // trip, one snapshot (it was three). The columns are text and integers, which JSON gives back as
    // the driver would.
    const row = (await this.pool.query<AdmissionRow>({ name: 'waybill-runs-claim-and-read-thread', text: `WITH ${THREAD_READ} SELECT owner, intents, latest FROM seen`, values: [threadId, tenant, this.now().toISOString()] })).rows[0];
    return admissionOf(row);
  }

  async claimThreadAndBegin(threadId: string, tenant: string, intent: NewRunIntent): Promise<(ThreadAdmission & { began: boolean }) | undefined> {
    if (intent.threadId !== threadId || intent.tenant !== tenant) throw invalidArgument('the intent a claim begins must be of the claimed thread and tenant');
    // claimThreadAndRead's statement, and the intent inserted by it only where the run's start would
    // go on to write it (admitThread, then beginIntent): the thread is the tenant's, has no run in
    // flight and no pause waiting on a decision, and no run has this id. Claim and intent commit
    // together (one WAL flush where there were two); otherwise nothing but the claim is written and
    // the caller goes the way it went before, from what this statement read.
    const p = intentParams(intent);
    const row = (
      await this.pool.query<AdmissionRow & { began: boolean }>({
        name: 'waybill-runs-claim-and-begin',
        text: `WITH ${THREAD_READ},
               began AS (INSERT INTO run_intents (run_id, thread_id, tenant, request_id, runtime, kind, input, paused_run_id, decision, variant, started_at, owner, lease_until, attempts)
                 SELECT $4, $1, $2, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 1 FROM seen
                 WHERE seen.owner = $2 AND json_array_length(seen.intents) = 0 AND seen.latest_status IS DISTINCT FROM 'awaiting_approval'
                   AND NOT EXISTS (SELECT 1 FROM runs WHERE run_id = $4)
                 ON CONFLICT (run_id) DO NOTHING RETURNING run_id)
               SELECT owner, intents, latest, EXISTS (SELECT 1 FROM began) AS began FROM seen`,
        values: [threadId, tenant, this.now().toISOString(), p.run_id, p.request_id, p.runtime, p.kind, p.input, p.paused_run_id, p.decision, p.variant, p.started_at, p.owner, p.lease_until],
      })
    ).rows[0];
    const began = row?.began === true;
    try {
      const admission = admissionOf(row);
      return admission && { ...admission, began };
    } catch (error) {
      // The thread's latest record cannot be read back (corrupt_record, as claimThreadAndRead throws):
      // the run will not start, so the intent just written is left lapsed for a recovery, as a run
      // that throws leaves its lease (HeldLease.end).
      if (began) await this.renewIntent(intent.runId, intent.owner, this.now().toISOString()).catch(() => false);
      throw error;
    }
  }

  async threadOwner(threadId: string): Promise<string | undefined> {
    return (await this.pool.query<{ tenant: string }>('SELECT tenant FROM thread_owners WHERE thread_id = $1', [threadId])).rows[0]?.tenant;
  }

  async releaseDecision(pausedRunId: string): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      await client.query('DELETE FROM decisions WHERE paused_run_id = $1', [pausedRunId]);
      await client.query('DELETE FROM run_intents WHERE paused_run_id = $1', [pausedRunId]);
      await setPausedStatus(client, pausedRunId, 'decided', 'awaiting_approval');
    });
  }

}

async function setPausedStatus(client: { query: Pool['query'] }, runId: string, from: RunStatus, to: RunStatus): Promise<void> {
  await client.query(`UPDATE runs SET status = $1, record = jsonb_set(record::jsonb, '{status}', to_jsonb($1::text))::text WHERE run_id = $2 AND status = $3`, [to, runId, from]);
}
