import { expect, it } from 'vitest';
import { storeConformance } from '../testing/store-conformance.js';
import type { AuditEvent } from './audit-event.js';
import { auditEvent } from './audit-event.js';
import { openRunStore } from './open-run-store.js';
import type { RunRecord } from './run-record.js';
import { RunStoreError } from './run-store-error.js';
import { sampleRunRecord } from './sample-run-record.js';

const event = (runId: string, type: AuditEvent['type'], detail?: string): AuditEvent =>
  auditEvent({ request_id: 'req', tenant: 'acme', run_id: runId, agent: 'supervisor', parent: null, type, status: 'info', ...(detail !== undefined && { detail }) });

async function codeOf(action: () => Promise<unknown>): Promise<string> {
  try {
    await action();
  } catch (error) {
    return RunStoreError.isInstance(error) ? error.code : `not a RunStoreError: ${String(error)}`;
  }
  return 'no error';
}

/** The RunStore contract on every backend; `open()` is another connection to the same database. */
storeConformance('RunStore', openRunStore, ({ open, backend, exec }) => {
  it('saves, replaces and reads back runs; the latest run of a thread; undefined when unknown', async () => {
    const store = await open();
    const first = sampleRunRecord({ run_id: 'run-1', started_at: '2026-11-30T10:00:00.000Z' });
    await store.saveRun(first);
    expect(await store.getRun('run-1')).toEqual(first);
    const replaced: RunRecord = { ...first, answer: 'змінено' };
    await store.saveRun(replaced);
    expect((await store.getRun('run-1'))?.answer).toBe('змінено');
    await store.saveRun(sampleRunRecord({ run_id: 'run-2', started_at: '2026-11-30T11:00:00.000Z' }));
    expect((await store.latestRunForThread('thread-0001'))?.run_id).toBe('run-2');
    expect(await store.getRun('nope')).toBeUndefined();
    expect(await store.latestRunForThread('nope')).toBeUndefined();
  });

  it('refuses an invalid record and a bad filter with named codes, writing nothing', async () => {
    const store = await open();
    expect(await codeOf(() => store.saveRun({ ...sampleRunRecord(), steps: -1 }))).toBe('invalid_record');
    expect((await store.listRuns()).runs).toEqual([]);
    expect(await codeOf(() => store.listRuns({ limit: 0 }))).toBe('invalid_argument');
    expect(await codeOf(() => store.listRuns({ since: 'yesterday' }))).toBe('invalid_argument');
    expect(await codeOf(() => store.listRuns({ status: 'nope' as never }))).toBe('invalid_argument');
    expect(await codeOf(() => store.appendEvents([{ ...event('r', 'run.start'), type: 'nope' as never }]))).toBe('invalid_event');
  });

  it('lists newest first with filters, and skips a row that cannot be read back', async () => {
    const store = await open();
    for (const [i, tenant] of ['acme', 'globex', 'acme'].entries()) {
      await store.saveRun(sampleRunRecord({ run_id: `run-${i}`, tenant, started_at: `2026-11-30T1${i}:00:00.000Z` }));
    }
    expect((await store.listRuns()).runs.map((r) => r.run_id)).toEqual(['run-2', 'run-1', 'run-0']);
    expect((await store.listRuns({ tenant: 'acme', limit: 1 })).runs.map((r) => r.run_id)).toEqual(['run-2']);
    expect((await store.listRuns({ since: '2026-11-30T11:00:00Z', until: '2026-11-30T12:00:00Z' })).runs.map((r) => r.run_id)).toEqual(['run-1']);
    await exec("UPDATE runs SET record = 'not json' WHERE run_id = 'run-1'");
    const listing = await store.listRuns();
    expect(listing.skippedRunIds).toEqual(['run-1']);
    expect(await codeOf(() => store.getRun('run-1'))).toBe('corrupt_record');
  });

  it('counts stored runs per tenant, status and stop reason, whichever process stored them', async () => {
    const store = await open();
    const other = await open();
    await store.saveRun(sampleRunRecord({ run_id: 'c-1', tenant: 'acme' }));
    await other.saveRun(sampleRunRecord({ run_id: 'c-2', tenant: 'acme' }));
    await other.saveRun(sampleRunRecord({ run_id: 'c-3', tenant: 'globex', status: 'stopped', stop_reason: 'operator_kill' }));
    expect(await store.countRuns()).toEqual([
      { tenant: 'acme', status: 'finished', stop_reason: 'finish', runs: 2 },
      { tenant: 'globex', status: 'stopped', stop_reason: 'operator_kill', runs: 1 },
    ]);
  });

  it('appends events all or none, in order, redacting free text again', async () => {
    const store = await open();
    await store.appendEvents([event('run-1', 'run.start'), event('run-1', 'run.end', 'дзвоніть +380671234567')]);
    const events = await store.listEvents('run-1');
    expect(events.map((e) => e.type)).toEqual(['run.start', 'run.end']);
    expect(events[1]?.detail).not.toContain('380671234567');
    expect(await codeOf(() => store.appendEvents([event('run-1', 'run.start'), { ...event('run-1', 'run.start'), ts: 'never' }]))).toBe('invalid_event');
    expect(await store.listEvents('run-1')).toHaveLength(2);
  });

  it('prunes runs idle since before a cutoff with their events, naming the threads left empty', async () => {
    let now = new Date('2026-11-01T00:00:00.000Z');
    const store = await open(() => now);
    await store.saveRun(sampleRunRecord({ run_id: 'old-a', thread_id: 'thread-a' }));
    await store.saveRun(sampleRunRecord({ run_id: 'old-b', thread_id: 'thread-b' }));
    await store.appendEvents([event('old-a', 'run.start')]);
    now = new Date('2026-11-30T00:00:00.000Z');
    await store.saveRun(sampleRunRecord({ run_id: 'new-b', thread_id: 'thread-b' }));
    expect(await store.pruneOlderThan('2026-11-15T00:00:00Z')).toEqual(['thread-a']);
    expect(await store.getRun('old-a')).toBeUndefined();
    expect(await store.listEvents('old-a')).toEqual([]);
    expect((await store.getRun('new-b'))?.run_id).toBe('new-b');
    expect(await codeOf(() => store.pruneOlderThan('soon'))).toBe('invalid_argument');
  });

  it('never prunes a run awaiting approval, however old, nor names its thread as empty', async () => {
    let now = new Date('2026-11-01T00:00:00.000Z');
    const store = await open(() => now);
    await store.saveRun(sampleRunRecord({ run_id: 'done', thread_id: 'thread-p' }));
    await store.saveRun(sampleRunRecord({ run_id: 'paused', thread_id: 'thread-p', status: 'awaiting_approval', stop_reason: 'awaiting_approval' }));
    await store.appendEvents([event('paused', 'approval.requested')]);
    now = new Date('2026-11-30T00:00:00.000Z');
    expect(await store.pruneOlderThan('2026-11-15T00:00:00Z')).toEqual([]);
    expect(await store.getRun('done')).toBeUndefined();
    expect((await store.getRun('paused'))?.status).toBe('awaiting_approval');
    expect(await store.listEvents('paused')).toHaveLength(1);
  });

  it('lets exactly one of many concurrent claimers on two connections decide a paused run', async () => {
    const a = await open();
    const b = await open();
    await a.saveRun(sampleRunRecord({ run_id: 'paused', status: 'awaiting_approval', stop_reason: 'awaiting_approval' }));
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? a : b).claimDecision({ pausedRunId: 'paused', threadId: 'thread-0001', decision: i % 3 === 0 ? 'approve' : 'reject', by: `op-${i}` })),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await b.getRun('paused'))?.status).toBe('decided');
    await a.releaseDecision('paused');
    expect((await b.getRun('paused'))?.status).toBe('awaiting_approval');
    expect(await b.claimDecision({ pausedRunId: 'paused', threadId: 'thread-0001', decision: 'approve', by: 'op' })).toBe(true);
  });

  it('keeps runs in flight with their lease: begun once, renewed by the holder only, taken over by exactly one of many takers, ended with the finished record', async () => {
    const store = await open();
    const other = await open();
    const intent = { runId: 'run-i1', threadId: 'thread-i', tenant: 'acme', requestId: 'req-i', runtime: 'langgraph' as const, kind: 'ask' as const, input: 'де TTN-000001?', startedAt: '2026-11-30T10:00:00.000Z', owner: 'host:1:a', leaseUntil: '2026-11-30T10:00:30.000Z' };
    expect(await store.beginIntent(intent)).toBe(true);
    expect(await other.beginIntent({ ...intent, owner: 'host:2:b' })).toBe(false);
    expect(await other.listIntents('thread-i')).toEqual([{ ...intent, attempts: 1 }]);
    expect(await other.listIntents('nope')).toEqual([]);
    expect(await store.renewIntent('run-i1', 'host:1:a', '2026-11-30T10:01:00.000Z')).toBe(true);
    expect(await other.renewIntent('run-i1', 'host:2:b', '2026-11-30T10:02:00.000Z')).toBe(false);
    const seen = { owner: 'host:1:a', leaseUntil: '2026-11-30T10:01:00.000Z' };
    const takers = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? store : other).takeIntent('run-i1', { seen, next: { owner: `host:9:${i}`, leaseUntil: '2026-11-30T10:05:00.000Z' } })));
    const won = takers.filter((taken) => taken !== undefined);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ runId: 'run-i1', attempts: 2, leaseUntil: '2026-11-30T10:05:00.000Z' });
    expect(await store.renewIntent('run-i1', 'host:1:a', '2026-11-30T10:09:00.000Z')).toBe(false);
    await other.saveFinishedRun(sampleRunRecord({ run_id: 'run-i1', thread_id: 'thread-i' }), [event('run-i1', 'run.end')]);
    expect(await store.listIntents()).toEqual([]);
    expect((await store.getRun('run-i1'))?.thread_id).toBe('thread-i');
  });

  it('ends a run only for the holding that still has its intent: one taken over (by another process, or by this one again) writes nothing and is told lease_lost', async () => {
    const store = await open();
    const other = await open();
    const intent = { runId: 'run-f1', threadId: 'thread-f', tenant: 'acme', requestId: 'req-f', runtime: 'langgraph' as const, kind: 'ask' as const, input: 'де TTN-000001?', startedAt: '2026-11-30T10:00:00.000Z', owner: 'host:1:a', leaseUntil: '2026-11-30T10:00:30.000Z' };
    expect(await store.beginIntent(intent)).toBe(true);
    const stale = { owner: 'host:1:a', attempts: 1 };
    await other.takeIntent('run-f1', { seen: { owner: 'host:1:a', leaseUntil: intent.leaseUntil }, next: { owner: 'host:2:b', leaseUntil: '2026-11-30T10:05:00.000Z' } });
    const record = sampleRunRecord({ run_id: 'run-f1', thread_id: 'thread-f', answer: 'stale' });
    expect(await codeOf(() => store.saveFinishedRun(record, [event('run-f1', 'run.end')], [], stale))).toBe('lease_lost');
    expect(await other.getRun('run-f1')).toBeUndefined();
    expect(await other.listEvents('run-f1')).toEqual([]);
    expect(await other.listIntents('thread-f')).toEqual([{ ...intent, owner: 'host:2:b', leaseUntil: '2026-11-30T10:05:00.000Z', attempts: 2 }]);
    // Taken back by its first owner: the owner matches, the attempt does not.
    await store.takeIntent('run-f1', { seen: { owner: 'host:2:b', leaseUntil: '2026-11-30T10:05:00.000Z' }, next: { owner: 'host:1:a', leaseUntil: '2026-11-30T10:09:00.000Z' } });
    expect(await codeOf(() => store.saveFinishedRun(record, [], [], stale))).toBe('lease_lost');
    expect(await codeOf(() => other.saveFinishedRun(record, [], [], { owner: 'host:2:b', attempts: 2 }))).toBe('lease_lost');
    // Renewed by that holding only: not by the one it replaced, though the owner is the same.
    expect(await store.renewIntent('run-f1', 'host:1:a', '2026-11-30T10:20:00.000Z', 1)).toBe(false);
    expect(await store.renewIntent('run-f1', 'host:1:a', '2026-11-30T10:10:00.000Z', 3)).toBe(true);
    expect((await other.listIntents('thread-f'))[0]?.leaseUntil).toBe('2026-11-30T10:10:00.000Z');
    await store.saveFinishedRun({ ...record, answer: 'the holder' }, [event('run-f1', 'run.end')], [], { owner: 'host:1:a', attempts: 3 });
    expect((await other.getRun('run-f1'))?.answer).toBe('the holder');
    expect(await other.listEvents('run-f1')).toHaveLength(1);
    expect(await other.listIntents('thread-f')).toEqual([]);
    // Finished by the holder: a stale end after it overwrites nothing.
    expect(await codeOf(() => other.saveFinishedRun({ ...record, answer: 'late' }, [event('run-f1', 'run.end')], [], { owner: 'host:2:b', attempts: 2 }))).toBe('lease_lost');
    expect((await store.getRun('run-f1'))?.answer).toBe('the holder');
    expect(await store.listEvents('run-f1')).toHaveLength(1);
  });

  it('begins at most one run in flight on a thread: of many starts at once on two connections, each with its own run id, exactly one', async () => {
    const a = await open();
    const b = await open();
    const intent = (runId: string) => ({ runId, threadId: 'thread-one', tenant: 'acme', requestId: `req-${runId}`, runtime: 'langgraph' as const, kind: 'ask' as const, input: 'де TTN-000001?', startedAt: '2026-11-30T10:00:00.000Z', owner: `host:1:${runId}`, leaseUntil: '2026-11-30T10:00:30.000Z' });
    const began = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).beginIntent(intent(`one-${i}`))));
    expect(began.filter(Boolean)).toHaveLength(1);
    const [only] = await b.listIntents('thread-one');
    expect(await a.listIntents('thread-one')).toEqual([{ ...intent(only?.runId ?? ''), attempts: 1 }]);
    // Once that run is finished, the thread takes the next one; other threads never wait on it.
    expect(await a.beginIntent({ ...intent('two'), threadId: 'thread-two' })).toBe(true);
    await b.saveFinishedRun(sampleRunRecord({ run_id: only?.runId ?? '', thread_id: 'thread-one' }), [event(only?.runId ?? '', 'run.end')]);
    expect(await a.beginIntent(intent('next'))).toBe(true);
  });

  it('writes a decision and its resume intent in one transaction, gives both back together, and never prunes a thread with a run in flight', async () => {
    const store = await open(() => new Date('2026-11-30T12:00:00.000Z'));
    await store.saveRun(sampleRunRecord({ run_id: 'run-p', thread_id: 'thread-p', status: 'awaiting_approval', stop_reason: 'awaiting_approval', started_at: '2026-01-01T00:00:00.000Z' }));
    const resume = { runId: 'run-r', threadId: 'thread-p', tenant: 'acme', requestId: 'req-p', runtime: 'langgraph' as const, kind: 'resume' as const, input: 'скасуй', pausedRunId: 'run-p', decision: { type: 'edit' as const, by: 'op', args: { refund_uah: 500 } }, startedAt: '2026-11-30T12:00:00.000Z', owner: 'host:1:a', leaseUntil: '2026-11-30T12:00:30.000Z' };
    const claim = { pausedRunId: 'run-p', threadId: 'thread-p', decision: 'edit' as const, by: 'op' };
    expect(await store.claimDecision(claim, resume)).toBe(true);
    expect(await store.claimDecision(claim, { ...resume, runId: 'run-r2' })).toBe(false);
    expect(await store.listIntents('thread-p')).toEqual([{ ...resume, attempts: 1 }]);
    expect((await store.getRun('run-p'))?.status).toBe('decided');
    // A slow process that lost the pause's run to a recoverer and writes its record late does not undo the decision (issue 32).
    await store.saveFinishedRun(sampleRunRecord({ run_id: 'run-p', thread_id: 'thread-p', status: 'awaiting_approval', stop_reason: 'awaiting_approval', started_at: '2026-01-01T00:00:00.000Z' }), []);
    await store.saveRun(sampleRunRecord({ run_id: 'run-p', thread_id: 'thread-p', status: 'awaiting_approval', stop_reason: 'awaiting_approval', started_at: '2026-01-01T00:00:00.000Z' }));
    expect((await store.getRun('run-p'))?.status).toBe('decided');
    expect(await store.listIntents('thread-p')).toEqual([{ ...resume, attempts: 1 }]);
    expect(await store.pruneOlderThan('2026-12-31T00:00:00.000Z')).toEqual([]);
    expect(await store.getRun('run-p')).toBeDefined();
    await store.releaseDecision('run-p');
    expect(await store.listIntents()).toEqual([]);
    expect((await store.getRun('run-p'))?.status).toBe('awaiting_approval');
    // More writes in the claim's transaction (the run queue's job): they commit with it or not at all.
    const failing = async () => {
      throw new Error('queue down');
    };
    if (backend.name === 'sqlite') {
      expect(await codeOf(() => store.claimDecision(claim, resume, failing))).toBe('invalid_argument');
    } else {
      await expect(store.claimDecision(claim, resume, failing)).rejects.toThrow('queue down');
      expect(await store.listIntents()).toEqual([]);
      expect((await store.getRun('run-p'))?.status).toBe('awaiting_approval');
      const seen: unknown[] = [];
      expect(await store.claimDecision(claim, resume, async (sql) => void seen.push((await sql.executeSql('SELECT count(*)::int AS n FROM run_intents', [])).rows[0]))).toBe(true);
      expect(seen).toEqual([{ n: 1 }]);
    }
  });

  it('gives a thread to exactly one of many tenants claiming it at once on two connections, for good', async () => {
    const a = await open();
    const b = await open();
    expect(await a.threadOwner('thread-race')).toBeUndefined();
    const owners = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).claimThread('thread-race', `tenant-${i}`)));
    expect(new Set(owners).size).toBe(1);
    expect(await b.claimThread('thread-race', 'late-tenant')).toBe(owners[0]);
    expect(await a.claimThread('thread-other', 'late-tenant')).toBe('late-tenant');
    expect(await b.threadOwner('thread-race')).toBe(owners[0]);
  });

  it('reads with a claim what the claim and the reads one by one give, where the store reads them together', async () => {
    const a = await open();
    const b = await open();
    if (!a.claimThreadAndRead) {
      // Optional: SQLite's reads are calls in the process, not round trips.
      expect(backend.name).toBe('sqlite');
      return;
    }
    expect(await a.claimThreadAndRead('thread-new', 'acme')).toEqual({ owner: 'acme', intents: [], latest: undefined });
    expect(await b.threadOwner('thread-new')).toBe('acme');
    expect((await b.claimThreadAndRead?.('thread-new', 'globex'))?.owner).toBe('acme');
    await a.saveRun(sampleRunRecord({ run_id: 'run-1', started_at: '2026-11-30T10:00:00.000Z' }));
    await a.saveRun(sampleRunRecord({ run_id: 'run-2', started_at: '2026-11-30T11:00:00.000Z', status: 'awaiting_approval', stop_reason: 'awaiting_approval' }));
    const intent = { runId: 'run-3', threadId: 'thread-0001', tenant: 'acme', requestId: 'req-3', runtime: 'langgraph' as const, kind: 'ask' as const, input: 'де TTN-000001?', startedAt: '2026-11-30T12:00:00.000Z', owner: 'host:1:a', leaseUntil: '2026-11-30T12:00:30.000Z' };
    await a.beginIntent(intent);
    // Two runs in flight on one thread, as a race before runs migration 6 could leave them: read oldest first.
    await exec('ALTER TABLE run_intents DISABLE TRIGGER run_intents_one_per_thread');
    await a.beginIntent({ ...intent, runId: 'run-0', startedAt: '2026-11-30T09:00:00.000Z', variant: { change_id: 'chg-1', kind: 'model' as const, arm: 'candidate' as const, version: 'v2' } });
    await exec('ALTER TABLE run_intents ENABLE TRIGGER run_intents_one_per_thread');
    const read = await b.claimThreadAndRead?.('thread-0001', 'acme');
    expect(read).toEqual({ owner: await b.claimThread('thread-0001', 'acme'), intents: await b.listIntents('thread-0001'), latest: await b.latestRunForThread('thread-0001') });
    expect(read?.intents.map((i) => i.runId)).toEqual(['run-0', 'run-3']);
    expect(read?.latest?.run_id).toBe('run-2');
    const owners = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).claimThreadAndRead?.('thread-race', `tenant-${i}`)));
    const winner = await a.claimThread('thread-race', 'late-tenant');
    // A claimer that lost the race may read no owner (undefined), never another one.
    for (const owner of owners) if (owner) expect(owner.owner).toBe(winner);
  });

  it('begins a run with its thread\'s claim only where the run\'s start would write its intent next, where the store can', async () => {
    const a = await open();
    const b = await open();
    if (!a.claimThreadAndBegin) {
      // Optional: on SQLite the claim and the intent are calls in the process, not round trips.
      expect(backend.name).toBe('sqlite');
      return;
    }
    const intent = (threadId: string, runId: string, tenant = 'acme') => ({ runId, threadId, tenant, requestId: `req-${runId}`, runtime: 'langgraph' as const, kind: 'ask' as const, input: 'де TTN-000001?', startedAt: '2026-11-30T12:00:00.000Z', owner: 'host:1:a', leaseUntil: '2026-11-30T12:00:30.000Z' });
    const inFlight = async (threadId: string) => (await b.listIntents(threadId)).map((i) => i.runId);
    // A new thread: claimed, and the intent written with the claim.
    expect(await a.claimThreadAndBegin?.('t-new', 'acme', intent('t-new', 'run-1'))).toEqual({ owner: 'acme', intents: [], latest: undefined, began: true });
    expect(await b.listIntents('t-new')).toEqual([{ ...intent('t-new', 'run-1'), attempts: 1 }]);
    expect(await b.threadOwner('t-new')).toBe('acme');
    // A run in flight on it: read (for settling), not begun; another tenant's claim writes nothing either.
    const busy = await b.claimThreadAndBegin?.('t-new', 'acme', intent('t-new', 'run-2'));
    expect({ began: busy?.began, intents: busy?.intents.map((i) => i.runId) }).toEqual({ began: false, intents: ['run-1'] });
    await a.saveFinishedRun(sampleRunRecord({ run_id: 'run-1', thread_id: 't-new' }), []);
    expect(await b.claimThreadAndBegin?.('t-new', 'globex', intent('t-new', 'run-3', 'globex'))).toMatchObject({ owner: 'acme', began: false });
    expect(await inFlight('t-new')).toEqual([]);
    // Its latest run finished: begun, and the latest run read with it.
    expect(await a.claimThreadAndBegin?.('t-new', 'acme', intent('t-new', 'run-4'))).toMatchObject({ owner: 'acme', intents: [], latest: { run_id: 'run-1' }, began: true });
    // A thread waiting on an approval, and a run id some run already has: nothing but the claim.
    await a.saveRun(sampleRunRecord({ run_id: 'run-p', thread_id: 't-paused', status: 'awaiting_approval', stop_reason: 'awaiting_approval' }));
    expect(await a.claimThreadAndBegin?.('t-paused', 'acme', intent('t-paused', 'run-5'))).toMatchObject({ owner: 'acme', latest: { run_id: 'run-p' }, began: false });
    expect(await a.claimThreadAndBegin?.('t-used', 'acme', intent('t-used', 'run-p'))).toEqual({ owner: 'acme', intents: [], latest: undefined, began: false });
    expect([await inFlight('t-paused'), await inFlight('t-used'), await b.threadOwner('t-used')]).toEqual([[], [], 'acme']);
    // Runs of one tenant starting at once on a new thread: one begins, the others find it (or no owner yet).
    const starts = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).claimThreadAndBegin?.('t-race', 'acme', intent('t-race', `race-${i}`))));
    const begun = starts.filter((start) => start?.began).length;
    expect({ begun, inFlight: (await inFlight('t-race')).length }).toEqual({ begun: 1, inFlight: 1 });
  });
});
