import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { expect, it } from 'vitest';
import { storeConformance } from '../../testing/store-conformance.js';
import { POSTGRES_DIALECT, SQLITE_DIALECT } from '../../storage/index.js';
import { openRunStore } from '../../telemetry/index.js';
import { openProtocolStore } from './open-protocol-store.js';
import { sampleRunRecord } from '../../telemetry/sample-run-record.js';
import { PROTOCOL_SCHEMA_V2, PROTOCOL_SCHEMA_V3, PROTOCOL_SCHEMA_V4, protocolSchemaV1 } from './protocol-schema.js';
import { checkpointValues, recordReader } from './checkpoint-values.js';
import { readProtocolRun } from './read-protocol-run.js';

/** The ProtocolStore contract on every backend; `open()` is another connection to the same database. */
storeConformance('ProtocolStore', openProtocolStore, ({ backend, open, exec, location: suiteLocation, another }) => {
  it('gives a thread id once, keeps checkpoints newest first with their parents, and searches within a tenant', async () => {
    const store = await open();
    const other = await open();
    expect(await store.createThread({ threadId: 't1', tenant: 'acme', metadata: { a: 1, tag: 'x' } })).toBe(true);
    expect(await other.createThread({ threadId: 't1', tenant: 'globex', metadata: {} })).toBe(false);
    expect(await other.getThread('t1')).toMatchObject({ thread_id: 't1', tenant: 'acme', metadata: { a: 1, tag: 'x' } });
    expect(await other.getThread('nope')).toBeUndefined();
    // Another tenant's claim of a free id in the kernel's thread owners keeps the protocol from making it its own.
    await exec("INSERT INTO thread_owners (thread_id, tenant, claimed_at) VALUES ('t2', 'globex', '2026-12-01T10:00:00.000Z')");
    expect(await store.createThread({ threadId: 't2', tenant: 'acme', metadata: {} })).toBe(false);
    expect(await store.getThread('t2')).toBeUndefined();
    expect(await store.createThread({ threadId: 't2', tenant: 'globex', metadata: {} })).toBe(true);
    expect(await store.getThread('t2')).toMatchObject({ tenant: 'globex' });
    await store.addCheckpoint({ checkpointId: 'c1', threadId: 't1', runId: 'r1', messages: [] });
    const second = await other.addCheckpoint({ checkpointId: 'c2', threadId: 't1', runId: 'r2', messages: [{ type: 'ai', id: 'r2-ai', run_id: 'r2' }] });
    expect(second.parent_id).toBe('c1');
    expect((await store.listCheckpoints('t1', 10)).map((c) => [c.checkpoint_id, c.parent_id, c.run_id])).toEqual([['c2', 'c1', 'r2'], ['c1', null, 'r1']]);
    expect(await store.latestCheckpoint('t1')).toMatchObject({ checkpoint_id: 'c2', messages: [{ type: 'ai', id: 'r2-ai', run_id: 'r2' }] });
    expect(await store.listCheckpoints('t1', 1)).toHaveLength(1);
    expect(await store.searchThreads({ tenant: 'acme', metadata: { a: 1 }, limit: 10, offset: 0 })).toHaveLength(1);
    expect(await store.searchThreads({ tenant: 'acme', metadata: { a: 2 }, limit: 10, offset: 0 })).toHaveLength(0);
    expect((await store.searchThreads({ tenant: 'globex', limit: 10, offset: 0 })).map((t) => t.thread_id)).toEqual(['t2']);
  });

  it('orders threads by last update, newest first, and pages them', async () => {
    let now = new Date('2026-12-01T10:00:00Z');
    const store = await open(() => now);
    for (const [i, id] of ['ta', 'tb', 'tc'].entries()) {
      now = new Date(Date.UTC(2026, 11, 1, 10, i));
      await store.createThread({ threadId: id, tenant: 'acme', metadata: {} });
    }
    now = new Date('2026-12-01T11:00:00Z');
    await store.createRun({ runId: 'ra', threadId: 'ta', assistantId: 'langgraph', metadata: {}, taken: true, streamModes: ['values'] });
    const page = async (offset: number) => (await store.searchThreads({ tenant: 'acme', limit: 2, offset })).map((t) => t.thread_id);
    expect([...(await page(0)), ...(await page(2))]).toEqual(['ta', 'tc', 'tb']);
    expect((await store.searchThreads({ tenant: 'acme', ids: ['tb', 'tc'], limit: 10, offset: 0 })).map((t) => t.thread_id)).toEqual(['tc', 'tb']);
  });

  it('lets exactly one of many concurrent runs on two connections start on a thread, and the next once it has ended', async () => {
    const a = await open();
    const b = await open();
    await a.createThread({ threadId: 't1', tenant: 'acme', metadata: {} });
    const run = (id: string) => ({ runId: id, threadId: 't1', assistantId: 'langgraph', metadata: {}, taken: false, streamModes: ['values'] });
    const started = await Promise.all([a.createRun(run('r1')), b.createRun(run('r2')), a.createRun(run('r3')), b.createRun(run('r4'))]);
    const winners = started.filter((r) => r !== undefined);
    expect(winners).toHaveLength(1);
    expect((await b.activeRun('t1'))?.run_id).toBe(winners[0]?.run_id);
    await b.endRun(winners[0]?.run_id ?? '');
    expect(await a.createRun(run('r5'))).toMatchObject({ run_id: 'r5', heartbeat_at: null, ended_at: null });
  });

  it('records runs newest first, ends them, and names the open ones no process has stamped for a while (queued ones since they were made)', async () => {
    let now = new Date('2026-12-01T10:00:00Z');
    const store = await open(() => now);
    await store.createThread({ threadId: 't1', tenant: 'acme', metadata: {} });
    const created = await store.createRun({ runId: 'r1', threadId: 't1', assistantId: 'langgraph', metadata: { k: 'v' }, taken: true, streamModes: ['values', 'custom'] });
    expect(await store.runRequest('r1')).toEqual(created);
    expect(created).toMatchObject({ stream_modes: ['values', 'custom'], heartbeat_at: '2026-12-01T10:00:00.000Z', ended_at: null, legacy_record_run_id: null });
    expect(created).not.toHaveProperty('status');
    expect((await store.activeRun('t1'))?.run_id).toBe('r1');
    now = new Date('2026-12-01T10:01:00Z');
    await store.endRun('r1');
    await store.createRun({ runId: 'r2', threadId: 't1', assistantId: 'langgraph', metadata: {}, taken: false, streamModes: ['values'] });
    await store.endRun('r2');
    await store.createRun({ runId: 'r3', threadId: 't1', assistantId: 'langgraph', metadata: {}, taken: true, streamModes: ['values'] });
    expect(await store.runRequest('r2')).toMatchObject({ heartbeat_at: null, ended_at: '2026-12-01T10:01:00.000Z' });
    expect((await store.listRunRequests('t1', 10, 0)).map((r) => r.run_id)).toEqual(['r3', 'r2', 'r1']);
    expect((await store.listRunRequests('t1', 1, 1)).map((r) => r.run_id)).toEqual(['r2']);
    const other = await open(() => now);
    expect((await other.staleRuns('2026-12-01T10:01:30.000Z')).map((r) => r.run_id)).toEqual(['r3']);
    now = new Date('2026-12-01T10:02:00Z');
    expect(await other.heartbeat('r3')).toBe(false);
    expect(await other.staleRuns('2026-12-01T10:01:30.000Z')).toEqual([]);
    expect(await other.heartbeat('r2')).toBe(false);
    // A queued run is stale once it has waited a lease since it was made, and a heartbeat does not take it.
    await store.endRun('r3');
    await store.createRun({ runId: 'r4', threadId: 't1', assistantId: 'langgraph', metadata: {}, taken: false, streamModes: ['values'] });
    expect(await other.heartbeat('r4')).toBe(false);
    expect((await other.staleRuns('2026-12-01T10:02:30.000Z')).map((r) => r.run_id)).toEqual(['r4']);
    expect(await other.takeRun('r4')).toEqual({ taken: true, cancel: false });
    expect(await other.runRequest('r4')).toMatchObject({ heartbeat_at: '2026-12-01T10:02:00.000Z' });
  });

  it('stores a run with its first events, and with more SQL in its transaction on PostgreSQL (all or nothing)', async () => {
    const store = await open();
    await store.createThread({ threadId: 't1', tenant: 'acme', metadata: {} });
    const events = [{ event: 'metadata', data: { run_id: 'r1' } }, { event: 'values', data: { messages: [] } }];
    const run = (id: string) => ({ runId: id, threadId: 't1', assistantId: 'langgraph', metadata: {}, taken: false, streamModes: ['values'], events });
    if (backend.name !== 'postgres') {
      await expect(store.createRun(run('r0'), async () => undefined)).rejects.toThrow(/PostgreSQL/);
      expect(await store.runRequest('r0')).toBeUndefined();
      await store.createRun(run('r1'));
      expect((await store.listEvents('r1', 0, 10)).map((e) => [e.seq, e.event])).toEqual([[1, 'metadata'], [2, 'values']]);
      return;
    }
    await exec('CREATE TABLE side_jobs (run_id TEXT NOT NULL)');
    // What the transaction's other SQL throws undoes the run and its events: the thread takes the next run.
    const failing = store.createRun(run('r0'), async (sql) => {
      await sql.executeSql('INSERT INTO side_jobs (run_id) VALUES ($1)', ['r0']);
      throw new Error('queue refused the job');
    });
    await expect(failing).rejects.toThrow('queue refused the job');
    expect(await store.runRequest('r0')).toBeUndefined();
    expect(await store.listEvents('r0', 0, 10)).toEqual([]);
    expect(await store.activeRun('t1')).toBeUndefined();
    await store.createRun(run('r1'), async (sql) => void (await sql.executeSql('INSERT INTO side_jobs (run_id) VALUES ($1)', ['r1'])));
    expect((await store.listEvents('r1', 0, 10)).map((e) => [e.seq, e.event])).toEqual([[1, 'metadata'], [2, 'values']]);
    const client = new pg.Client({ connectionString: await suiteLocation() });
    await client.connect();
    try {
      expect((await client.query<{ run_id: string }>('SELECT run_id FROM side_jobs')).rows).toEqual([{ run_id: 'r1' }]);
    } finally {
      await client.end();
    }
  });

  it('tells a listener on another connection of each run whose events are stored or which ends (PostgreSQL; SQLite has no listener)', async () => {
    const store = await open();
    const other = await open();
    if (backend.name !== 'postgres') {
      expect(other.listen).toBeUndefined();
      return;
    }
    await store.createThread({ threadId: 't1', tenant: 'acme', metadata: {} });
    // Notifications are database-wide: tests on other schemas of the test database notify too, so this run's id is its own.
    const runId = `r-${randomUUID()}`;
    await store.createRun({ runId, threadId: 't1', assistantId: 'langgraph', metadata: {}, taken: true, streamModes: ['values'] });
    const heard: string[] = [];
    let wake = () => {};
    const stop = await other.listen?.((id) => {
      if (id !== runId) return;
      heard.push(id);
      wake();
    }, () => undefined);
    const next = () => new Promise<void>((resolve) => {
      wake = resolve;
    });
    let news = next();
    await store.appendEvents(runId, [{ event: 'custom', data: {} }]);
    await news;
    news = next();
    await store.endRun(runId);
    await news;
    await stop?.();
    expect(heard).toEqual([runId, runId]);
  });

  it('numbers each run\'s events from 1 in the order they are appended, on any connection', async () => {
    const store = await open();
    const other = await open();
    await store.createThread({ threadId: 't1', tenant: 'acme', metadata: {} });
    await store.createRun({ runId: 'r1', threadId: 't1', assistantId: 'langgraph', metadata: {}, taken: false, streamModes: ['values'] });
    await store.createRun({ runId: 'r2', threadId: 't1', assistantId: 'langgraph', metadata: {}, taken: false, streamModes: ['values'] });
    await store.appendEvents('r1', [{ event: 'metadata', data: { run_id: 'r1' } }, { event: 'values', data: { messages: [] } }]);
    await other.appendEvents('r2', [{ event: 'metadata', data: { run_id: 'r2' } }]);
    await other.appendEvents('r1', [{ event: 'custom', data: { n: 3 } }]);
    expect((await other.listEvents('r1', 0, 10)).map((e) => [e.seq, e.event])).toEqual([[1, 'metadata'], [2, 'values'], [3, 'custom']]);
    expect(await store.listEvents('r1', 2, 10)).toEqual([{ run_id: 'r1', seq: 3, event: 'custom', data: { n: 3 } }]);
    expect((await store.listEvents('r1', 0, 1)).map((e) => e.seq)).toEqual([1]);
    expect((await store.listEvents('r2', 0, 10)).map((e) => e.seq)).toEqual([1]);
  });

  it('passes a cancel request to the process that takes or runs the run, and not once it has ended', async () => {
    const store = await open();
    await store.createThread({ threadId: 't1', tenant: 'acme', metadata: {} });
    await store.createRun({ runId: 'r1', threadId: 't1', assistantId: 'langgraph', metadata: {}, taken: false, streamModes: ['values'] });
    expect(await store.takeRun('r1')).toEqual({ taken: true, cancel: false });
    expect(await store.requestCancel('r1')).toBe(true);
    expect(await (await open()).heartbeat('r1')).toBe(true);
    expect(await store.takeRun('r1')).toEqual({ taken: true, cancel: true });
    await store.endRun('r1');
    expect(await store.requestCancel('r1')).toBe(false);
    expect(await store.takeRun('r1')).toEqual({ taken: false, cancel: false });
    expect(await store.activeRun('t1')).toBeUndefined();
  });

  it('upgrades a version-2 database: a thread\'s tenant moves to the kernel\'s thread owners, where an owner already there stays', async () => {
    const location = await suiteLocation();
    await (await openRunStore(location)).close();
    const dialect = backend.name === 'postgres' ? POSTGRES_DIALECT : SQLITE_DIALECT;
    await exec(`${protocolSchemaV1(dialect)} ${PROTOCOL_SCHEMA_V2} INSERT INTO waybill_schema (component, version) VALUES ('agent_protocol', 2);`);
    await exec(`INSERT INTO ap_threads (thread_id, tenant, metadata, created_at, updated_at) VALUES ('old-1', 'acme', '{"k":1}', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'), ('old-2', 'acme', '{}', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z');
      INSERT INTO ap_runs (run_id, thread_id, tenant, assistant_id, status, metadata, created_at, updated_at) VALUES ('r-old', 'old-1', 'acme', 'langgraph', 'success', '{}', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z');
      INSERT INTO thread_owners (thread_id, tenant, claimed_at) VALUES ('old-2', 'globex', '2026-10-01T00:00:00.000Z');`);
    const store = await open();
    expect(await store.getThread('old-1')).toMatchObject({ thread_id: 'old-1', tenant: 'acme', metadata: { k: 1 } });
    // The kernel's owner was there first: it stays the owner, and acme no longer sees the thread.
    expect(await store.getThread('old-2')).toMatchObject({ tenant: 'globex' });
    expect((await store.searchThreads({ tenant: 'acme', limit: 10, offset: 0 })).map((t) => t.thread_id)).toEqual(['old-1']);
    expect(await store.runRequest('r-old')).toMatchObject({ run_id: 'r-old', thread_id: 'old-1', ended_at: '2026-11-01T00:00:00.000Z' });
    expect(await store.runRequest('r-old')).not.toHaveProperty('tenant');
  });

  it('upgrades a version-3 database: a run\'s status is read from the kernel\'s record, an open run stays open, the one-open-run index holds', async () => {
    const location = await suiteLocation();
    const kernel = await openRunStore(location);
    const dialect = backend.name === 'postgres' ? POSTGRES_DIALECT : SQLITE_DIALECT;
    await exec(`${protocolSchemaV1(dialect)} ${PROTOCOL_SCHEMA_V2} ${PROTOCOL_SCHEMA_V3} INSERT INTO waybill_schema (component, version) VALUES ('agent_protocol', 3);`);
    const at = '2026-11-01T00:00:00.000Z';
    await exec(`INSERT INTO thread_owners (thread_id, tenant, claimed_at) VALUES ('t3', 'acme', '${at}');
      INSERT INTO ap_threads (thread_id, metadata, created_at, updated_at) VALUES ('t3', '{}', '${at}', '${at}');
      INSERT INTO ap_runs (run_id, thread_id, assistant_id, status, metadata, record_run_id, stream_modes, created_at, updated_at) VALUES
        ('r-ask', 't3', 'langgraph', 'success', '{"k":1}', 'r-ask', '["values"]', '${at}', '2026-11-01T00:00:01.000Z'),
        ('r-resume', 't3', 'langgraph', 'success', '{}', 'run-kernel-resume', '["custom"]', '2026-11-01T00:00:02.000Z', '2026-11-01T00:00:03.000Z'),
        ('r-cancelled', 't3', 'langgraph', 'interrupted', '{}', 'r-cancelled', NULL, '2026-11-01T00:00:04.000Z', '2026-11-01T00:00:05.000Z'),
        ('r-failed', 't3', 'langgraph', 'error', '{}', NULL, NULL, '2026-11-01T00:00:06.000Z', '2026-11-01T00:00:07.000Z'),
        ('r-open', 't3', 'langgraph', 'running', '{}', NULL, NULL, '2026-11-01T00:00:08.000Z', '2026-11-01T00:00:09.000Z');`);
    const record = (runId: string, stop: 'finish' | 'operator_kill') => sampleRunRecord({ run_id: runId, thread_id: 't3', status: stop === 'finish' ? 'finished' : 'stopped', stop_reason: stop, approval: undefined });
    for (const saved of [record('r-ask', 'finish'), record('run-kernel-resume', 'finish'), record('r-cancelled', 'operator_kill')]) await kernel.saveRun(saved);
    const store = await open();
    try {
      const view = async (runId: string) => {
        const row = await store.runRequest(runId);
        if (!row) throw new Error(`no run ${runId}`);
        const run = await readProtocolRun(kernel, row);
        return { status: run.status, record: run.record_run_id, ended: run.ended_at, heartbeat: run.heartbeat_at };
      };
      expect(await view('r-ask')).toEqual({ status: 'success', record: 'r-ask', ended: '2026-11-01T00:00:01.000Z', heartbeat: null });
      expect(await view('r-resume')).toEqual({ status: 'success', record: 'run-kernel-resume', ended: '2026-11-01T00:00:03.000Z', heartbeat: null });
      expect(await view('r-cancelled')).toEqual({ status: 'interrupted', record: 'r-cancelled', ended: '2026-11-01T00:00:05.000Z', heartbeat: null });
      expect(await view('r-failed')).toEqual({ status: 'error', record: null, ended: '2026-11-01T00:00:07.000Z', heartbeat: null });
      expect(await view('r-open')).toEqual({ status: 'running', record: null, ended: null, heartbeat: '2026-11-01T00:00:09.000Z' });
      expect(await store.runRequest('r-ask')).toMatchObject({ metadata: { k: 1 }, stream_modes: ['values'], legacy_record_run_id: null });
      expect(await store.runRequest('r-ask')).not.toHaveProperty('status');
      // The open run keeps the thread: another run waits until it ends, as before the upgrade.
      const next = { runId: 'r-next', threadId: 't3', assistantId: 'langgraph', metadata: {}, taken: true, streamModes: ['values'] };
      expect(await store.createRun(next)).toBeUndefined();
      expect((await store.activeRun('t3'))?.run_id).toBe('r-open');
      await store.endRun('r-open');
      expect(await view('r-open')).toMatchObject({ status: 'error' });
      expect(await store.createRun(next)).toMatchObject({ run_id: 'r-next' });
    } finally {
      await kernel.close();
    }
  });

  it('upgrades a version-4 database: a checkpoint keeps its questions and ids, its answers and interrupt are read from the kernel\'s records', async () => {
    const location = await suiteLocation();
    const kernel = await openRunStore(location);
    const dialect = backend.name === 'postgres' ? POSTGRES_DIALECT : SQLITE_DIALECT;
    await exec(`${protocolSchemaV1(dialect)} ${PROTOCOL_SCHEMA_V2} ${PROTOCOL_SCHEMA_V3} ${PROTOCOL_SCHEMA_V4} INSERT INTO waybill_schema (component, version) VALUES ('agent_protocol', 4);`);
    const at = '2026-11-01T00:00:00.000Z';
    const human = { type: 'human', id: 'r-ask-human', content: 'cancel TTN-000004' };
    const copied = (id: string, runId: string, content: string) => ({ type: 'ai', id, content, response_metadata: { waybill: { run_id: runId, status: 'awaiting_approval' } } });
    // Version 4 stored the answers' text and the pause's interrupt: a copy of the kernel's records, here a stale one.
    const asked = { values: { messages: [human, copied('r-ask-ai', 'r-ask', 'stale copy')] }, interrupts: [{ id: 'stale' }] };
    const resumed = { values: { messages: [human, copied('r-ask-ai', 'r-ask', 'stale copy'), copied('r-resume-ai', 'run-kernel-resume', 'stale too')] }, interrupts: [] };
    await exec(`INSERT INTO thread_owners (thread_id, tenant, claimed_at) VALUES ('t4', 'acme', '${at}');
      INSERT INTO ap_threads (thread_id, metadata, created_at, updated_at) VALUES ('t4', '{}', '${at}', '${at}');
      INSERT INTO ap_checkpoints (checkpoint_id, thread_id, parent_id, run_id, state, created_at) VALUES
        ('cp-r-ask', 't4', NULL, 'r-ask', '${JSON.stringify(asked)}', '${at}'),
        ('cp-r-resume', 't4', 'cp-r-ask', 'r-resume', '${JSON.stringify(resumed)}', '2026-11-01T00:00:01.000Z');`);
    const pending = { agent: 'claims_agent', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004' } };
    // The pause has been decided since: its checkpoint still shows the interrupt it ended with.
    await kernel.saveRun(sampleRunRecord({ run_id: 'r-ask', thread_id: 't4', status: 'decided', stop_reason: 'awaiting_approval', answer: 'cancel_shipment waits for approval', pending, approval: undefined }));
    await kernel.saveRun(sampleRunRecord({ run_id: 'run-kernel-resume', thread_id: 't4', answer: 'cancelled' }));
    const store = await open();
    try {
      const [last, first] = await store.listCheckpoints('t4', 10);
      expect(first?.messages).toEqual([human, { type: 'ai', id: 'r-ask-ai', run_id: 'r-ask' }]);
      expect(last).toMatchObject({ checkpoint_id: 'cp-r-resume', parent_id: 'cp-r-ask', messages: [human, { type: 'ai', id: 'r-ask-ai', run_id: 'r-ask' }, { type: 'ai', id: 'r-resume-ai', run_id: 'run-kernel-resume' }] });
      if (!first || !last) throw new Error('checkpoints lost');
      const read = recordReader(kernel);
      const paused = await checkpointValues(read, first);
      expect(paused.values.messages.map((m) => [m.id, m.content])).toEqual([['r-ask-human', 'cancel TTN-000004'], ['r-ask-ai', 'cancel_shipment waits for approval']]);
      expect(paused.values.messages[1]?.response_metadata).toMatchObject({ waybill: { run_id: 'r-ask', status: 'awaiting_approval' } });
      expect(paused.interrupts).toEqual([expect.objectContaining({ id: 'interrupt-r-ask', value: expect.objectContaining({ paused_run_id: 'r-ask', agent: 'claims_agent' }) })]);
      const after = await checkpointValues(read, last);
      expect(after.values.messages.map((m) => m.content)).toEqual(['cancel TTN-000004', 'cancel_shipment waits for approval', 'cancelled']);
      expect(after.interrupts).toEqual([]);
      await expect(exec('SELECT state FROM ap_checkpoints')).rejects.toThrow();
    } finally {
      await kernel.close();
    }
  });

  it('imports exported rows as they are, in order', async () => {
    const source = await open();
    await source.createThread({ threadId: 't1', tenant: 'acme', metadata: { m: [1, 2] } });
    const hi = { type: 'human' as const, id: 'r1-human', content: 'hi' };
    await source.addCheckpoint({ checkpointId: 'c1', threadId: 't1', runId: 'r1', messages: [hi] });
    await source.addCheckpoint({ checkpointId: 'c2', threadId: 't1', runId: 'r2', messages: [hi, { type: 'ai', id: 'r2-ai', run_id: 'r2' }] });
    await source.createRun({ runId: 'r1', threadId: 't1', assistantId: 'langgraph', metadata: {}, taken: true, streamModes: ['custom'] });
    await source.appendEvents('r1', [{ event: 'metadata', data: { a: 1 } }, { event: 'custom', data: [2] }]);
    const rows = await source.exportAll();
    const target = await another();
    const copy = await target.open();
    // Owners are the kernel's (thread_owners), copied with the runs, not by the protocol's import.
    await target.exec("INSERT INTO thread_owners (thread_id, tenant, claimed_at) VALUES ('t1', 'acme', '2026-12-01T10:00:00.000Z')");
    await copy.importAll(rows);
    await copy.importAll(rows);
    expect(await copy.exportAll()).toEqual(rows);
    expect((await copy.latestCheckpoint('t1'))?.checkpoint_id).toBe('c2');
  });
});
