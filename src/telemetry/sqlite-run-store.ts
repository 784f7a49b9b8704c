import type Database from 'better-sqlite3';
import type { CompanionWrite, Migration } from '../storage/index.js';
import { openSqliteDatabase, SQLITE_DIALECT, SqliteStore } from '../storage/index.js';
import { isStopReason } from '../policy/index.js';
import { AuditEvent } from './audit-event.js';
import type { RunRecord} from './run-record.js';
import { RUN_RECORD_VERSION, RunStatus } from './run-record.js';
import { RunStoreError } from './run-store-error.js';
import { invalidArgument, leaseLost, validRunRecord } from './run-store-checks.js';
import { DECISIONS_SCHEMA, runsSchemaV1, THREAD_OWNERS_SCHEMA } from './run-store-schema.js';
import type { IntentHolder, LeaseSwap, NewRunIntent, RunIntent } from './run-intent.js';
import { intentParams, RUN_INTENTS_DDL, RUN_INTENTS_VARIANT_DDL, SQLITE_ONE_INTENT_PER_THREAD_DDL, toIntent } from './run-intent-rows.js';
import type { RunIntentRow } from './run-intent-rows.js';
import type { AlsoInTransaction, DecisionClaim, RunCount, RunFilter, RunListing, RunStore } from './run-store.js';
import { RUN_LIST_DEFAULT_LIMIT, RUN_LIST_MAX_LIMIT } from './run-store.js';
import { storedAuditEvents } from './stored-audit-events.js';
import type { StoredRunRow } from './stored-run.js';
import { decodeStoredRun, encodeStoredRun } from './stored-run.js';
import { windowBounds, type RunDayCount, type UsageWindow } from './usage-window.js';

/**
 * Changelog: 1 — `runs` (one row per run, the record as JSON) and `audit_events` (append-only);
 * 2 — `decisions`: one row per paused run that a human decided, so exactly one decision wins;
 * 3 — `thread_owners`; 4 — `run_intents`: runs in flight with their lease (issue 17); 5 —
 * `run_intents.variant`: the rollout arm a run in flight started on (issue 37); 6 — one run in flight a
 * thread (a trigger on `run_intents`).
 */
const RUNS_MIGRATIONS: readonly Migration[] = [
  (db) => db.exec(runsSchemaV1(SQLITE_DIALECT)),
  (db) => db.exec(DECISIONS_SCHEMA),
  (db) => {
    db.exec(THREAD_OWNERS_SCHEMA);
    // Threads that already have runs belong to the tenant of their first run.
    db.exec('INSERT OR IGNORE INTO thread_owners (thread_id, tenant, claimed_at) SELECT thread_id, tenant, MIN(started_at) FROM runs GROUP BY thread_id');
  },
  (db) => db.exec(RUN_INTENTS_DDL),
  (db) => db.exec(RUN_INTENTS_VARIANT_DDL),
  (db) => db.exec(SQLITE_ONE_INTENT_PER_THREAD_DDL),
];

const RUN_COLUMNS = 'run_id, schema_version, record';

/** Idle before the cutoff, not awaiting approval, and not on a thread with a run in flight (a decided pause not yet resumed). */
const PRUNABLE = "updated_at < ? AND status <> 'awaiting_approval' AND thread_id NOT IN (SELECT thread_id FROM run_intents)";

/**
 * Run records and audit events in the shared SQLite file (component `runs`). Time columns hold
 * `Date.toISOString()` strings so they compare as times; `updated_at` comes from the injected clock.
 */
export class SqliteRunStore extends SqliteStore implements RunStore {
  /** Opens (and migrates) the file at `path`; throws StoreError as openSqliteDatabase does. */
  static open(path: string, now?: () => Date): SqliteRunStore {
    return new SqliteRunStore(openSqliteDatabase(path, 'runs', RUNS_MIGRATIONS), now);
  }

  /** Throws RunStoreError `invalid_record` (nothing written) if the record breaks the contract. */
  async saveRun(record: RunRecord): Promise<void> {
    this.#writeRun(validRunRecord(record));
  }

  /**
   * The end of a run in one transaction: its record and its audit events, all or none. Unlike saveRun
   * and appendEvents it does not validate them again with zod: the runtime has just built both from
   * typed values (finishRun), and re-parsing them was a measurable part of a run's CPU (issue 22).
   * Event details are still redacted before they are written.
   */
  async saveFinishedRun(record: RunRecord, events: readonly AuditEvent[], alongside: readonly CompanionWrite[] = [], holder?: IntentHolder): Promise<void> {
    if (alongside.some((write) => !this.carries(write))) throw invalidArgument('a write alongside a run\'s record must be on the run store\'s connection');
    // The writes alongside (the run's usage and budget charges, on the process's one connection to the
    // file) commit with the record: one commit where there were three, and none without the others.
    this.db.transaction(() => {
      // The intent first: a holder that lost it throws here and the transaction writes nothing.
      if (holder === undefined) this.db.prepare('DELETE FROM run_intents WHERE run_id = ?').run(record.run_id);
      else if (this.db.prepare('DELETE FROM run_intents WHERE run_id = ? AND owner = ? AND attempts = ?').run(record.run_id, holder.owner, holder.attempts).changes !== 1) throw leaseLost(record.run_id);
      this.#writeRun(record);
      this.#writeEvents(events);
      for (const write of alongside) if (write.kind === 'transaction') write.apply();
    })();
  }

  #writeRun(r: RunRecord): void {
    this.db
      .prepare(
        `INSERT INTO runs (run_id, thread_id, tenant, request_id, status, stop_reason, started_at, updated_at, record, schema_version)
         VALUES (@run_id, @thread_id, @tenant, @request_id, @status, @stop_reason, @started_at, @updated_at, @record, @schema_version)
         ON CONFLICT (run_id) DO UPDATE SET thread_id = excluded.thread_id, tenant = excluded.tenant, request_id = excluded.request_id,
           status = excluded.status, stop_reason = excluded.stop_reason, started_at = excluded.started_at,
           updated_at = excluded.updated_at, record = excluded.record, schema_version = excluded.schema_version
         WHERE runs.status <> 'decided'`,
      )
      .run({
        run_id: r.run_id,
        thread_id: r.thread_id,
        tenant: r.tenant,
        request_id: r.request_id,
        status: r.status,
        stop_reason: r.stop_reason,
        started_at: new Date(r.started_at).toISOString(),
        updated_at: this.now().toISOString(),
        record: encodeStoredRun(r),
        schema_version: RUN_RECORD_VERSION,
      });
  }

  /** Throws RunStoreError `corrupt_record` naming the run if its row cannot be read back. */
  async getRun(runId: string): Promise<RunRecord | undefined> {
    const row = this.db.prepare(`SELECT ${RUN_COLUMNS} FROM runs WHERE run_id = ?`).get(runId) as StoredRunRow | undefined;
    return row && readOrThrow(row);
  }

  /** Throws RunStoreError `corrupt_record` if the thread's latest run cannot be read back. */
  async latestRunForThread(threadId: string): Promise<RunRecord | undefined> {
    const row = this.db
      .prepare(`SELECT ${RUN_COLUMNS} FROM runs WHERE thread_id = ? ORDER BY started_at DESC, updated_at DESC, run_id DESC LIMIT 1`)
      .get(threadId) as StoredRunRow | undefined;
    return row && readOrThrow(row);
  }

  /** Newest first; throws RunStoreError `invalid_argument` for a bad filter. Unreadable rows are skipped and counted. */
  async listRuns(filter: RunFilter = {}): Promise<RunListing> {
    const where: string[] = [];
    const params: Record<string, string | number> = { limit: checkLimit(filter.limit) };
    if (filter.status !== undefined) {
      if (!RunStatus.safeParse(filter.status).success) throw invalidArgument(`status must be one of ${RunStatus.options.join(', ')}`);
      where.push('status = @status');
      params.status = filter.status;
    }
    if (filter.stopReason !== undefined) {
      if (!isStopReason(filter.stopReason)) throw invalidArgument(`"${String(filter.stopReason)}" is not a stop reason`);
      where.push('stop_reason = @stop_reason');
      params.stop_reason = filter.stopReason;
    }
    if (filter.requestId !== undefined) {
      where.push('request_id = @request_id');
      params.request_id = filter.requestId;
    }
    if (filter.tenant !== undefined) {
      where.push('tenant = @tenant');
      params.tenant = filter.tenant;
    }
    if (filter.since !== undefined) {
      where.push('started_at >= @since');
      params.since = toInstant(filter.since, 'since');
    }
    if (filter.until !== undefined) {
      where.push('started_at < @until');
      params.until = toInstant(filter.until, 'until');
    }
    const rows = this.db
      .prepare(
        `SELECT ${RUN_COLUMNS} FROM runs ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY started_at DESC, run_id DESC LIMIT @limit`,
      )
      .all(params) as StoredRunRow[];
    const listing: RunListing = { runs: [], skipped: 0, skippedRunIds: [] };
    for (const row of rows) {
      const decoded = decodeStoredRun(row);
      if (decoded.success) {
        listing.runs.push(decoded.value);
      } else {
        listing.skipped += 1;
        listing.skippedRunIds.push(row.run_id);
      }
    }
    return listing;
  }

  /** All or none; throws RunStoreError `invalid_event` (nothing written) if any event breaks the contract. */
  async appendEvents(events: readonly AuditEvent[]): Promise<void> {
    const valid = events.map((event, index) => {
      const parsed = AuditEvent.safeParse(event);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      throw new RunStoreError('invalid_event', `audit event ${index} is invalid at ${issue?.path.join('.') || 'top level'}: ${issue?.message ?? 'unknown'}`, {
        cause: parsed.error,
      });
    });
    this.db.transaction(() => this.#writeEvents(valid))();
  }

  #writeEvents(events: readonly AuditEvent[]): void {
    const insert = this.db.prepare('INSERT INTO audit_events (run_id, ts, type, event) VALUES (?, ?, ?, ?)');
    for (const row of storedAuditEvents(events)) insert.run(row.run_id, row.ts, row.type, row.event);
  }


  async countRunsByDay(window: UsageWindow): Promise<RunDayCount[]> {
    const { from, to } = windowBounds(window);
    const tenant = window.tenant === undefined ? '' : 'AND tenant = ?';
    const sql = `SELECT tenant, substr(started_at, 1, 10) AS day, stop_reason, count(*) AS runs,
        total(json_extract(record, '$.usage.prompt_tokens')) AS prompt_tokens, total(json_extract(record, '$.usage.completion_tokens')) AS completion_tokens,
        total(json_extract(record, '$.usage.usd')) AS usd
      FROM runs WHERE started_at >= ? AND started_at < ? ${tenant} GROUP BY tenant, day, stop_reason ORDER BY day, tenant, stop_reason`;
    return this.db.prepare(sql).all(from, to, ...(window.tenant === undefined ? [] : [window.tenant])) as RunDayCount[];
  }

  async countRuns(): Promise<RunCount[]> {
    return this.db.prepare('SELECT tenant, status, stop_reason, count(*) AS runs FROM runs GROUP BY tenant, status, stop_reason ORDER BY tenant, status, stop_reason').all() as RunCount[];
  }

  /** Oldest first; throws RunStoreError `corrupt_record` if a stored event cannot be read back. */
  async listEvents(runId: string): Promise<AuditEvent[]> {
    const rows = this.db.prepare('SELECT id, event FROM audit_events WHERE run_id = ? ORDER BY id').all(runId) as Array<{ id: number; event: string }>;
    return rows.map((row) => {
      let json: unknown;
      try {
        json = JSON.parse(row.event);
      } catch {
        json = undefined;
      }
      const parsed = AuditEvent.safeParse(json);
      if (!parsed.success) throw new RunStoreError('corrupt_record', `audit event ${row.id} of run ${runId} cannot be read back`, { runId });
      return parsed.data;
    });
  }

  /** Throws RunStoreError `invalid_argument` if `cutoffIso` is not an instant. */
  async pruneOlderThan(cutoffIso: string): Promise<string[]> {
    const cutoff = toInstant(cutoffIso, 'cutoff');
    const db = this.db;
    return db
      .transaction(() => {
        const threads = db.prepare(`SELECT DISTINCT thread_id FROM runs WHERE ${PRUNABLE}`).pluck().all(cutoff) as string[];
        db.prepare(`DELETE FROM audit_events WHERE run_id IN (SELECT run_id FROM runs WHERE ${PRUNABLE})`).run(cutoff);
        db.prepare('DELETE FROM audit_events WHERE ts < ? AND run_id NOT IN (SELECT run_id FROM runs) AND run_id NOT IN (SELECT run_id FROM run_intents)').run(cutoff);
        db.prepare(`DELETE FROM runs WHERE ${PRUNABLE}`).run(cutoff);
        const remaining = db.prepare('SELECT 1 FROM runs WHERE thread_id = ? LIMIT 1');
        return threads.filter((thread) => remaining.get(thread) === undefined).sort();
      })
      .immediate();
  }

  async claimDecision(claim: DecisionClaim, resume?: NewRunIntent, alsoInTransaction?: AlsoInTransaction): Promise<boolean> {
    if (alsoInTransaction) throw invalidArgument('writes of another store in a decision\'s transaction need PostgreSQL (the run queue lives there)');
    const db = this.db;
    return db.transaction(() => {
      const result = db
        .prepare('INSERT OR IGNORE INTO decisions (paused_run_id, thread_id, decision, decided_by, decided_at) VALUES (?, ?, ?, ?, ?)')
        .run(claim.pausedRunId, claim.threadId, claim.decision, claim.by, this.now().toISOString());
      if (result.changes !== 1) return false;
      // The paused run is no longer waiting on anyone, wherever runs are listed.
      setPausedStatus(db, claim.pausedRunId, 'awaiting_approval', 'decided');
      if (resume) this.#insertIntent(resume);
      return true;
    }).immediate();
  }

  async beginIntent(intent: NewRunIntent): Promise<boolean> {
    return this.#insertIntent(intent);
  }

  #insertIntent(intent: NewRunIntent): boolean {
    const sql = `INSERT OR IGNORE INTO run_intents (run_id, thread_id, tenant, request_id, runtime, kind, input, paused_run_id, decision, variant, started_at, owner, lease_until, attempts)
      VALUES (@run_id, @thread_id, @tenant, @request_id, @runtime, @kind, @input, @paused_run_id, @decision, @variant, @started_at, @owner, @lease_until, 1)`;
    return this.db.prepare(sql).run(intentParams(intent)).changes === 1;
  }

  async listIntents(threadId?: string): Promise<RunIntent[]> {
    const rows = (threadId === undefined
      ? this.db.prepare('SELECT * FROM run_intents ORDER BY started_at, run_id').all()
      : this.db.prepare('SELECT * FROM run_intents WHERE thread_id = ? ORDER BY started_at, run_id').all(threadId)) as RunIntentRow[];
    return rows.map(toIntent);
  }

  async takeIntent(runId: string, swap: LeaseSwap): Promise<RunIntent | undefined> {
    const row = this.db
      .prepare('UPDATE run_intents SET owner = ?, lease_until = ?, attempts = attempts + 1 WHERE run_id = ? AND owner = ? AND lease_until = ? RETURNING *')
      .get(swap.next.owner, swap.next.leaseUntil, runId, swap.seen.owner, swap.seen.leaseUntil) as RunIntentRow | undefined;
    return row && toIntent(row);
  }

  async renewIntent(runId: string, owner: string, leaseUntil: string, attempts?: number): Promise<boolean> {
    if (attempts === undefined) return this.db.prepare('UPDATE run_intents SET lease_until = ? WHERE run_id = ? AND owner = ?').run(leaseUntil, runId, owner).changes === 1;
    return this.db.prepare('UPDATE run_intents SET lease_until = ? WHERE run_id = ? AND owner = ? AND attempts = ?').run(leaseUntil, runId, owner, attempts).changes === 1;
  }

  async claimThread(threadId: string, tenant: string): Promise<string> {
    // A thread keeps its owner for good: every later run on it reads the owner without a write transaction.
    const owner = this.db.prepare('SELECT tenant FROM thread_owners WHERE thread_id = ?');
    const claimed = owner.get(threadId) as { tenant: string } | undefined;
    if (claimed) return claimed.tenant;
    this.db.prepare('INSERT OR IGNORE INTO thread_owners (thread_id, tenant, claimed_at) VALUES (?, ?, ?)').run(threadId, tenant, this.now().toISOString());
    return (owner.get(threadId) as { tenant: string }).tenant;
  }

  async threadOwner(threadId: string): Promise<string | undefined> {
    return (this.db.prepare('SELECT tenant FROM thread_owners WHERE thread_id = ?').get(threadId) as { tenant: string } | undefined)?.tenant;
  }

  async releaseDecision(pausedRunId: string): Promise<void> {
    const db = this.db;
    db.transaction(() => {
      db.prepare('DELETE FROM decisions WHERE paused_run_id = ?').run(pausedRunId);
      db.prepare('DELETE FROM run_intents WHERE paused_run_id = ?').run(pausedRunId);
      setPausedStatus(db, pausedRunId, 'decided', 'awaiting_approval');
    }).immediate();
  }

}

function readOrThrow(row: StoredRunRow): RunRecord {
  const decoded = decodeStoredRun(row);
  if (decoded.success) return decoded.value;
  throw new RunStoreError('corrupt_record', `run ${row.run_id} cannot be read back: ${decoded.error}`, { runId: row.run_id });
}

function checkLimit(limit: number | undefined): number {
  if (limit === undefined) return RUN_LIST_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > RUN_LIST_MAX_LIMIT) throw invalidArgument(`limit must be a whole number from 1 to ${RUN_LIST_MAX_LIMIT}`);
  return limit;
}

function toInstant(text: string, what: string): string {
  const time = new Date(text).getTime();
  if (Number.isNaN(time)) throw invalidArgument(`${what} "${text}" is not a date and time (use ISO 8601, e.g. 2026-11-30T12:00:00Z)`);
  return new Date(time).toISOString();
}


function setPausedStatus(db: Database.Database, runId: string, from: RunStatus, to: RunStatus): void {
  db.prepare("UPDATE runs SET status = @to, record = json_set(record, '$.status', @to) WHERE run_id = @runId AND status = @from").run({ runId, from, to });
}
