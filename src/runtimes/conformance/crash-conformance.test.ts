import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argsHash } from '../../domain/index.js';
import type { RunningOracle } from '../../models/index.js';
import { serveOracle } from '../../models/index.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { ownShipments } from '../../testing/own-shipments.js';
import { idempotencyKey } from '../../policy/index.js';
import type { NewRunIntent, RunRecord } from '../../telemetry/index.js';
import type { Runtime, RuntimeName } from '../core/index.js';
import { leaseOwner, MAX_RUN_ATTEMPTS } from '../core/index.js';
import { openRuntime } from '../open-runtime.js';
import { RUNTIME_NAMES } from '../runtime-name.js';
import { cancelRequest, planner, TRACK } from './conformance-script.js';

// Crash consistency (issue 17), the same spec on every runtime: each case builds in the database exactly
// what a process killed at that point leaves behind (the spawned-process version with real SIGKILLs is
// test/e2e/crash-recovery-cli.test.ts), then checks that any other process finishes it once.

const DEAD = { owner: 'gone-host:1:dead', leaseUntil: '2000-01-01T00:00:00.000Z' };
const PAUSES: ReadonlySet<RuntimeName> = new Set(['langgraph', 'openai-agents']);

const temp = makeTempDir();
afterAll(() => temp.cleanup());

describe.each(RUNTIME_NAMES)('crash recovery on the %s runtime', (name: RuntimeName) => {
  const dbPath = join(temp.dir, `crash-${name}.db`);
  const open = () => openRuntime(name, { dbPath, planner, maxRetries: 0 });
  const pausing = (title: string, fn: () => Promise<void>) => (PAUSES.has(name) ? it(title, fn) : undefined);
  let main: Runtime;
  let other: Runtime;
  beforeAll(async () => {
    main = await open();
    other = await open();
  }, 60_000);
  afterAll(async () => {
    await other.close();
    await main.close();
  });
  const sql = (fn: (db: Database.Database) => void) => {
    const db = new Database(dbPath);
    try {
      fn(db);
    } finally {
      db.close();
    }
  };
  const cancellations = (id: string) => main.domain.countCancellations(id);
  const intentOf = (record: RunRecord, fields: Partial<NewRunIntent> = {}): NewRunIntent => ({ runId: record.run_id, threadId: record.thread_id, tenant: record.tenant, requestId: record.request_id, runtime: name, kind: 'ask', input: 'x', startedAt: record.started_at, ...DEAD, ...fields });
  // A paused run whose decision a dead `approve` claimed (with its intent to resume) and got no further.
  const claimedByDeadApprover = async (thread: string, tenant: string, id: string, uah: number) => {
    ownShipments(dbPath, tenant, id);
    const paused = await main.ask({ input: cancelRequest(id, uah), tenant, threadId: thread });
    expect(paused.status).toBe('awaiting_approval');
    const decision = { type: 'approve' as const, by: 'dead-operator' };
    const resume = intentOf(paused, { runId: `run-resume-${thread}`, kind: 'resume', input: cancelRequest(id, uah), pausedRunId: paused.run_id, decision });
    expect(await main.runs.claimDecision({ pausedRunId: paused.run_id, threadId: thread, decision: 'approve', by: 'dead-operator' }, resume)).toBe(true);
    return paused;
  };

  pausing('ask killed after its pause was checkpointed, before its record: any later command records the pause (same approval, own tenant), and it is decided once', async () => {
    const thread = `ck-${name}`;
    ownShipments(dbPath, 'k-ask', 'TTN-000004');
    const paused = await main.ask({ input: cancelRequest('TTN-000004', 720), tenant: 'k-ask', threadId: thread });
    const approvalId = paused.pending?.approval_id;
    // What the killed process left: checkpoint (or stored pause) and filed approval, its intent, no record.
    sql((db) => {
      db.prepare('DELETE FROM audit_events WHERE run_id = ?').run(paused.run_id);
      db.prepare('DELETE FROM runs WHERE run_id = ?').run(paused.run_id);
    });
    expect(await main.runs.beginIntent(intentOf(paused, { input: cancelRequest('TTN-000004', 720) }))).toBe(true);
    await expect(other.ask({ input: TRACK, tenant: 'k-ask', threadId: thread })).rejects.toMatchObject({ code: 'thread_awaiting_approval' });
    const recovered = await main.runs.getRun(paused.run_id);
    expect(recovered).toMatchObject({ status: 'awaiting_approval', tenant: 'k-ask', pending: { tool: 'cancel_shipment', approval_id: approvalId } });
    expect((await main.runs.listEvents(paused.run_id)).map((e) => e.type)).toEqual(expect.arrayContaining(['run.recovered', 'run.end']));
    expect(await main.domain.approvals.list({ tenant: 'k-ask' })).toHaveLength(1);
    expect((await main.runs.listRuns({ status: 'awaiting_approval', tenant: 'k-ask' })).runs.map((r) => r.run_id)).toEqual([paused.run_id]);
    expect(await other.decide(thread, { type: 'approve', by: 'op' })).toMatchObject({ status: 'finished', tenant: 'k-ask' });
    expect(await cancellations('TTN-000004')).toBe(1);
    expect(await main.runs.listIntents()).toEqual([]);
  });

  pausing('approve killed right after it claimed the decision: a later reject applies the claimed approval once, and nothing stays stuck', async () => {
    const thread = `kc-${name}`;
    const paused = await claimedByDeadApprover(thread, 'k-claim', 'TTN-000009', 100);
    expect(await main.domain.approvals.get(paused.pending?.approval_id ?? '')).toMatchObject({ status: 'pending' });
    const finished = await other.decide(thread, { type: 'reject', by: 'late-operator', reason: 'too late' });
    expect(finished).toMatchObject({ status: 'finished', run_id: `run-resume-${thread}`, approval: { decision: 'approve', by: 'dead-operator' } });
    expect(await cancellations('TTN-000009')).toBe(1);
    expect(await main.domain.approvals.get(paused.pending?.approval_id ?? '')).toMatchObject({ status: 'approved', decision: { decidedBy: 'dead-operator' } });
    const events = (await main.runs.listEvents(finished.run_id)).map((e) => e.type);
    expect(events).toEqual(expect.arrayContaining(['run.recovered', 'approval.decided', 'tool.call', 'run.end']));
    await expect(main.decide(thread, { type: 'approve', by: 'op' })).rejects.toMatchObject({ code: 'nothing_pending' });
    expect(await cancellations('TTN-000009')).toBe(1);
  });

  pausing('approve killed after the cancellation committed: recovery replays the cancellation (not a second one) and completes the decision, events and record', async () => {
    const thread = `kx-${name}`;
    const paused = await claimedByDeadApprover(thread, 'k-done', 'TTN-000012', 300);
    const approvalId = paused.pending?.approval_id ?? '';
    await main.domain.approvals.decide({ approvalId, kind: 'approve', decidedBy: 'dead-operator', tenant: 'k-done' });
    const args = paused.pending?.args as { tracking_id: string; reason: string; refund_uah: number };
    const canonical = { tracking_id: args.tracking_id, reason: args.reason.trim(), refund_uah: args.refund_uah };
    const done = await main.domain.cancelShipment({ trackingId: canonical.tracking_id, reason: canonical.reason, refundUah: canonical.refund_uah, idempotencyKey: idempotencyKey(thread, 'cancel_shipment', args), argsHash: argsHash(canonical), cancelledAt: new Date().toISOString(), tenant: 'k-done', grant: { args: canonical, requestedBy: 'in-process:runtime', approvalId } });
    expect(done.kind).toBe('created');
    const [finished] = await other.recover(thread);
    expect(finished).toMatchObject({ status: 'finished', approval: { decision: 'approve', by: 'dead-operator' } });
    expect(finished?.tool_calls, JSON.stringify([finished?.tool_calls, finished?.answer])).toContainEqual(expect.objectContaining({ tool: 'cancel_shipment', status: 'ok' }));
    expect(await cancellations('TTN-000012')).toBe(1);
    expect((await main.domain.approvals.get(approvalId))?.grant?.consumedBy).toBe((done as { cancellation: { cancellationId: string } }).cancellation.cancellationId);
    expect(await main.domain.audit.verify()).toMatchObject({ ok: true });
    expect(await other.recover(thread)).toEqual([]);
  });

  it('a run killed mid-way runs again from its input, once, under its own run id; a live one makes the thread busy', async () => {
    const thread = `km-${name}`;
    const record = { run_id: `run-mid-${name}`, thread_id: thread, tenant: 'k-mid', request_id: 'req-mid', started_at: new Date().toISOString() } as RunRecord;
    await main.runs.claimThread(thread, 'k-mid');
    expect(await main.runs.beginIntent(intentOf(record, { input: TRACK, owner: leaseOwner(), leaseUntil: new Date(Date.now() + 60_000).toISOString() }))).toBe(true);
    await expect(other.ask({ input: TRACK, tenant: 'k-mid', threadId: thread })).rejects.toMatchObject({ code: 'thread_busy' });
    await expect(other.ask({ input: TRACK, tenant: 'k-intruder', threadId: thread })).rejects.toMatchObject({ code: 'unknown_thread' });
    const [live] = await main.runs.listIntents(thread);
    await main.runs.takeIntent(record.run_id, { seen: { owner: live?.owner ?? '', leaseUntil: live?.leaseUntil ?? '' }, next: DEAD });
    const again = await other.ask({ input: TRACK, tenant: 'k-mid', threadId: thread, runId: record.run_id });
    expect(again).toMatchObject({ run_id: record.run_id, status: 'finished', tenant: 'k-mid' });
    expect(again.answer).toContain('TTN-000001');
    expect((await main.runs.listEvents(record.run_id)).filter((e) => e.type === 'run.recovered')).toHaveLength(1);
    // The same run id asked again returns the record instead of running twice.
    expect(await main.ask({ input: TRACK, tenant: 'k-mid', threadId: thread, runId: record.run_id })).toEqual(again);
    expect((await main.runs.listRuns({ tenant: 'k-mid' })).runs).toHaveLength(1);
  });

  it(`a run that took down ${MAX_RUN_ATTEMPTS} processes stops interrupted instead of running a fourth time`, async () => {
    const thread = `kp-${name}`;
    const record = { run_id: `run-poison-${name}`, thread_id: thread, tenant: 'k-poison', request_id: 'req-p', started_at: new Date().toISOString() } as RunRecord;
    await main.runs.claimThread(thread, 'k-poison');
    await main.runs.beginIntent(intentOf(record, { input: TRACK }));
    for (let i = 1; i < MAX_RUN_ATTEMPTS; i += 1) await main.runs.takeIntent(record.run_id, { seen: DEAD, next: DEAD });
    const [stopped] = await other.recover(thread);
    expect(stopped).toMatchObject({ run_id: record.run_id, status: 'stopped', stop_reason: 'interrupted', steps: 0 });
    expect(await main.runs.listIntents(thread)).toEqual([]);
  });
});

describe('the thread owner race, with a slow model in flight', () => {
  let oracle: RunningOracle;
  beforeAll(async () => {
    oracle = await serveOracle({ latencyMs: 150 });
  });
  afterAll(async () => {
    await oracle.close();
  });

  it.each(RUNTIME_NAMES)('%s: another tenant posting to the thread of a run in flight is an unknown thread, the same tenant is told it is busy, and the run is untouched', async (name) => {
    const dbPath = join(temp.dir, `race-${name}.db`);
    const slow = await openRuntime(name, { dbPath, endpoint: { model: 'waybill-offline-planner', baseUrl: oracle.baseUrl }, maxRetries: 0 });
    try {
      const thread = `client-chosen-${name}`;
      const first = slow.ask({ input: TRACK, tenant: 'acme-first', threadId: thread });
      for (let i = 0; i < 200 && (await slow.runs.listIntents(thread)).length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await slow.runs.listIntents(thread)).toHaveLength(1);
      await expect(slow.ask({ input: TRACK, tenant: 'globex-second', threadId: thread })).rejects.toMatchObject({ code: 'unknown_thread' });
      await expect(slow.ask({ input: TRACK, tenant: 'acme-first', threadId: thread })).rejects.toMatchObject({ code: 'thread_busy' });
      const record = await first;
      expect(record).toMatchObject({ status: 'finished', tenant: 'acme-first', thread_id: thread });
      expect((await slow.runs.listRuns({ tenant: 'globex-second' })).runs).toEqual([]);
      expect((await slow.runs.listRuns({ tenant: 'acme-first' })).runs).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});
