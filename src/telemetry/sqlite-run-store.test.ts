import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteDomainStore } from '../domain/index.js';
import { fixedClock } from '../testing/fixed-clock.js';
import { makeTempDir } from '../testing/temp-dir.js';
import type { AuditEvent } from './audit-event.js';
import { auditEvent } from './audit-event.js';
import type { RunRecord } from './run-record.js';
import { RunStoreError } from './run-store-error.js';
import { sampleRunRecord } from './sample-run-record.js';
import { SqliteRunStore } from './sqlite-run-store.js';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDbPath(): string {
  const { dir, cleanup } = makeTempDir();
  cleanups.push(cleanup);
  return join(dir, 'nested', 'waybill.db');
}

function openStore(path: string, now?: () => Date): SqliteRunStore {
  const store = SqliteRunStore.open(path, now);
  cleanups.push(() => store.close());
  return store;
}

function rawDb(path: string): Database.Database {
  const db = new Database(path);
  cleanups.push(() => void db.close());
  return db;
}

async function expectRunStoreError(action: () => Promise<unknown>, code: string): Promise<RunStoreError> {
  try {
    await action();
  } catch (error) {
    expect(RunStoreError.isInstance(error)).toBe(true);
    expect((error as RunStoreError).code).toBe(code);
    return error as RunStoreError;
  }
  throw new Error(`expected RunStoreError ${code}`);
}

const run = (n: number, overrides: Partial<RunRecord> = {}): RunRecord =>
  sampleRunRecord({
    run_id: `run-${n}`,
    request_id: `req-${n}`,
    thread_id: `thread-${n}`,
    started_at: `2026-11-${String(n).padStart(2, '0')}T12:00:00.000Z`,
    ...overrides,
  });

const event = (runId: string, type: AuditEvent['type'], detail?: string): AuditEvent =>
  auditEvent({ request_id: 'req', tenant: 'acme', run_id: runId, agent: 'supervisor', parent: null, type, status: 'info', ...(detail !== undefined && { detail }) });

describe('SqliteRunStore', () => {
  it('round-trips a record, replaces it by run_id, and reopens the file', async () => {
    const path = tempDbPath();
    const store = openStore(path);
    expect(await store.getRun('run-0001')).toBeUndefined();
    await store.saveRun(sampleRunRecord());
    expect(await store.getRun('run-0001')).toEqual(sampleRunRecord());
    const resumed = sampleRunRecord({ answer: 'changed', steps: 6 });
    await store.saveRun(resumed);
    await store.close();
    const reopened = openStore(path);
    expect(await reopened.getRun('run-0001')).toEqual(resumed);
    expect((await reopened.listRuns()).runs).toHaveLength(1);
  });

  it('stores the schema version with the row and stamps updated_at from its clock', async () => {
    const path = tempDbPath();
    const store = openStore(path, fixedClock('2026-12-01T08:00:00.000Z'));
    await store.saveRun(sampleRunRecord());
    const row = rawDb(path).prepare('SELECT schema_version, updated_at, record FROM runs').get() as { schema_version: number; updated_at: string; record: string };
    expect(row.schema_version).toBe(1);
    expect(row.updated_at).toBe('2026-12-01T08:00:00.000Z');
    expect(JSON.parse(row.record)).toMatchObject({ $schema_version: 1, run_id: 'run-0001' });
  });

  it('refuses an invalid record with invalid_record and writes nothing', async () => {
    const store = openStore(tempDbPath());
    const bad = { ...sampleRunRecord(), stop_reason: 'gave_up' } as unknown as RunRecord;
    const error = await expectRunStoreError(() => store.saveRun(bad), 'invalid_record');
    expect(error.runId).toBe('run-0001');
    expect(error.message).toMatch(/stop_reason/);
    await expectRunStoreError(() => store.saveRun(null as unknown as RunRecord), 'invalid_record');
    expect(await store.getRun('run-0001')).toBeUndefined();
  });

  it('lets two connections to one file see each other’s writes', async () => {
    const path = tempDbPath();
    const a = openStore(path);
    const b = openStore(path);
    await a.saveRun(run(1));
    expect((await b.getRun('run-1'))?.thread_id).toBe('thread-1');
    await b.appendEvents([event('run-1', 'run.start')]);
    expect((await a.listEvents('run-1')).map((e) => e.type)).toEqual(['run.start']);
  });

  it('finds the latest run of a thread', async () => {
    const store = openStore(tempDbPath());
    await store.saveRun(run(3, { thread_id: 't' }));
    await store.saveRun(run(5, { thread_id: 't', status: 'awaiting_approval', stop_reason: 'awaiting_approval' }));
    await store.saveRun(run(4, { thread_id: 't' }));
    await store.saveRun(run(9, { thread_id: 'other' }));
    expect((await store.latestRunForThread('t'))?.run_id).toBe('run-5');
    expect(await store.latestRunForThread('missing')).toBeUndefined();
  });

  it('lists runs newest first and filters them', async () => {
    const store = openStore(tempDbPath());
    await store.saveRun(run(1));
    await store.saveRun(run(2, { tenant: 'globex', request_id: 'shared' }));
    await store.saveRun(run(3, { status: 'stopped', stop_reason: 'max_steps' }));
    await store.saveRun(run(4, { status: 'stopped', stop_reason: 'policy_deny:cancel_shipment', request_id: 'shared' }));
    await store.saveRun(run(5, { status: 'awaiting_approval', stop_reason: 'awaiting_approval' }));
    const ids = async (filter: Parameters<SqliteRunStore['listRuns']>[0]): Promise<string[]> => (await store.listRuns(filter)).runs.map((r) => r.run_id);
    expect(await ids({})).toEqual(['run-5', 'run-4', 'run-3', 'run-2', 'run-1']);
    expect(await ids({ status: 'stopped' })).toEqual(['run-4', 'run-3']);
    expect(await ids({ stopReason: 'policy_deny:cancel_shipment' })).toEqual(['run-4']);
    expect(await ids({ requestId: 'shared' })).toEqual(['run-4', 'run-2']);
    expect(await ids({ tenant: 'globex' })).toEqual(['run-2']);
    expect(await ids({ since: '2026-11-02T12:00:00Z', until: '2026-11-04T12:00:00.000Z' })).toEqual(['run-3', 'run-2']);
    expect(await ids({ since: '2026-11-04T14:00:00+02:00' })).toEqual(['run-5', 'run-4']);
    expect(await ids({ status: 'stopped', tenant: 'acme', limit: 1 })).toEqual(['run-4']);
    expect(await ids({ limit: 2 })).toEqual(['run-5', 'run-4']);
  });

  it('refuses a bad filter with invalid_argument', async () => {
    const store = openStore(tempDbPath());
    await expectRunStoreError(() => store.listRuns({ limit: 501 }), 'invalid_argument');
    await expectRunStoreError(() => store.listRuns({ limit: 0 }), 'invalid_argument');
    await expectRunStoreError(() => store.listRuns({ limit: 2.5 }), 'invalid_argument');
    await expectRunStoreError(() => store.listRuns({ since: 'yesterday' }), 'invalid_argument');
    await expectRunStoreError(() => store.listRuns({ status: 'done' as unknown as 'finished' }), 'invalid_argument');
    await expectRunStoreError(() => store.listRuns({ stopReason: 'gave_up' as unknown as 'finish' }), 'invalid_argument');
    expect((await store.listRuns({ limit: 500 })).runs).toEqual([]);
  });

  it('caps a listing at 50 by default', async () => {
    const store = openStore(tempDbPath());
    for (let n = 1; n <= 55; n += 1) await store.saveRun(sampleRunRecord({ run_id: `run-${String(n).padStart(2, '0')}` }));
    const listing = await store.listRuns();
    expect(listing.runs).toHaveLength(50);
    expect(listing.runs[0]?.run_id).toBe('run-55');
  });

  it('skips and counts corrupted rows in listRuns; getRun names the run in a corrupt_record error', async () => {
    const path = tempDbPath();
    const store = openStore(path);
    await store.saveRun(run(1));
    await store.saveRun(run(2));
    await store.saveRun(run(3));
    await store.saveRun(run(4));
    const db = rawDb(path);
    db.prepare("UPDATE runs SET record = '{not json' WHERE run_id = 'run-2'").run();
    db.prepare("UPDATE runs SET schema_version = 2 WHERE run_id = 'run-3'").run();
    db.prepare('UPDATE runs SET record = ? WHERE run_id = ?').run(JSON.stringify({ ...run(4), $schema_version: 2 }), 'run-4');
    const listing = await store.listRuns();
    expect(listing.runs.map((r) => r.run_id)).toEqual(['run-1']);
    expect(listing.skipped).toBe(3);
    expect(listing.skippedRunIds).toEqual(['run-4', 'run-3', 'run-2']);
    const error = await expectRunStoreError(() => store.getRun('run-2'), 'corrupt_record');
    expect(error.runId).toBe('run-2');
    expect(error.message).toContain('run-2');
    expect((await expectRunStoreError(() => store.getRun('run-3'), 'corrupt_record')).message).toMatch(/version 2/);
    await expectRunStoreError(() => store.latestRunForThread('thread-4'), 'corrupt_record');
  });

  it('saves a finished run and its events in one transaction, redacting event details', async () => {
    const store = openStore(tempDbPath());
    await store.saveFinishedRun(sampleRunRecord(), [event('run-0001', 'run.start', 'тел. 067 123 45 67'), event('run-0001', 'run.end')]);
    expect(await store.getRun('run-0001')).toEqual(sampleRunRecord());
    expect((await store.listEvents('run-0001')).map((e) => [e.type, e.detail])).toEqual([
      ['run.start', 'тел. [REDACTED:PHONE]'],
      ['run.end', undefined],
    ]);
  });

  it('writes neither the run nor any event when one event cannot be written', async () => {
    const store = openStore(tempDbPath());
    const broken = { ...event('run-0001', 'run.end'), ts: 'not a time' };
    await expect(store.saveFinishedRun(sampleRunRecord(), [event('run-0001', 'run.start'), broken])).rejects.toThrow();
    expect(await store.getRun('run-0001')).toBeUndefined();
    expect(await store.listEvents('run-0001')).toEqual([]);
  });

  it('redacts personal data in an event detail before writing it', async () => {
    const store = openStore(tempDbPath());
    await store.appendEvents([event('run-1', 'run.start', 'Скасуй TTN-000004, тел. 067 123 45 67')]);
    expect((await store.listEvents('run-1'))[0]?.detail).toBe('Скасуй TTN-000004, тел. [REDACTED:PHONE]');
  });

  it('appends events in one transaction and lists them in order, without raw arguments', async () => {
    const store = openStore(tempDbPath());
    const call = auditEvent({ request_id: 'req', tenant: 'acme', run_id: 'run-1', agent: 'claims', parent: 'supervisor', type: 'tool.call', status: 'ok', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004' } });
    await store.appendEvents([event('run-1', 'run.start'), call]);
    await store.appendEvents([event('run-2', 'run.start')]);
    await store.appendEvents([event('run-1', 'run.end')]);
    const listed = await store.listEvents('run-1');
    expect(listed.map((e) => e.type)).toEqual(['run.start', 'tool.call', 'run.end']);
    expect(listed[1]).toEqual(call);
    expect(JSON.stringify(listed)).not.toContain('TTN-000004');
    const broken = { ...event('run-1', 'kill'), type: 'explode' } as unknown as AuditEvent;
    await expectRunStoreError(() => store.appendEvents([event('run-1', 'budget.stop'), broken]), 'invalid_event');
    expect(await store.listEvents('run-1')).toHaveLength(3);
    expect(await store.listEvents('none')).toEqual([]);
  });

  it('reports a corrupted stored event as corrupt_record', async () => {
    const path = tempDbPath();
    const store = openStore(path);
    await store.appendEvents([event('run-1', 'run.start')]);
    rawDb(path).prepare("UPDATE audit_events SET event = 'garbage'").run();
    expect((await expectRunStoreError(() => store.listEvents('run-1'), 'corrupt_record')).runId).toBe('run-1');
  });

  it('prunes runs and their events older than the cutoff and returns the threads with nothing left', async () => {
    const path = tempDbPath();
    let now = new Date('2026-10-01T00:00:00.000Z');
    const store = openStore(path, () => now);
    await store.saveRun(run(1, { thread_id: 'old-only' }));
    await store.saveRun(run(2, { thread_id: 'mixed' }));
    await store.saveRun(run(3, { thread_id: 'old-only' }));
    await store.appendEvents([event('run-1', 'run.start'), event('run-2', 'run.start')]);
    now = new Date('2026-11-15T00:00:00.000Z');
    await store.saveRun(run(4, { thread_id: 'mixed' }));
    await store.saveRun(run(5, { thread_id: 'fresh' }));
    await store.appendEvents([event('run-4', 'run.start')]);
    const db = rawDb(path);
    const eventCount = (): number => (db.prepare('SELECT count(*) AS n FROM audit_events').get() as { n: number }).n;
    expect(eventCount()).toBe(3);

    expect(await store.pruneOlderThan('2026-11-01T00:00:00.000Z')).toEqual(['old-only']);
    expect((await store.listRuns()).runs.map((r) => r.run_id)).toEqual(['run-5', 'run-4']);
    expect(await store.getRun('run-2')).toBeUndefined();
    expect(await store.listEvents('run-1')).toEqual([]);
    expect((await store.listEvents('run-4')).map((e) => e.run_id)).toEqual(['run-4']);
    expect(eventCount()).toBe(1);
    expect(await store.pruneOlderThan('2026-11-01T00:00:00.000Z')).toEqual([]);
    await expectRunStoreError(() => store.pruneOlderThan('last month'), 'invalid_argument');
  });

  it('shares the file with the domain store, whichever opens it first', async () => {
    for (const order of [['domain', 'runs'], ['runs', 'domain']] as const) {
      const path = tempDbPath();
      for (const component of order) {
        if (component === 'domain') {
          const domain = SqliteDomainStore.open(path);
          cleanups.push(() => domain.close());
          expect((await domain.getShipment('TTN-000001'))?.status).toBe('in_transit');
        } else {
          const runs = openStore(path);
          await runs.saveRun(sampleRunRecord());
          expect((await runs.getRun('run-0001'))?.answer).toBe(sampleRunRecord().answer);
        }
      }
      const components = rawDb(path).prepare('SELECT component, version FROM waybill_schema ORDER BY component').all();
      expect(components).toEqual([
        { component: 'domain', version: expect.any(Number) },
        { component: 'runs', version: 6 },
      ]);
    }
  });

  it('answers the owner of a claimed thread with no write, while another process holds the write lock', async () => {
    const path = tempDbPath();
    const store = openStore(path);
    expect(await store.claimThread('thread-1', 'acme')).toBe('acme');
    const writer = rawDb(path);
    writer.pragma('busy_timeout = 0');
    writer.exec('BEGIN IMMEDIATE');
    try {
      // A later run on the thread only reads its owner: it neither waits for the lock nor fails on it.
      expect(await store.claimThread('thread-1', 'globex')).toBe('acme');
    } finally {
      writer.exec('ROLLBACK');
    }
  });
});
