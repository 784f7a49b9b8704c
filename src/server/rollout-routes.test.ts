import { afterEach, describe, expect, it } from 'vitest';
import type { RunRecord } from '../telemetry/index.js';
import type { TestServer } from './server-test-kit.js';
import { openTestServer } from './server-test-kit.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const open = async () => (server = await openTestServer({ runtimeName: 'langgraph' }));
const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;

describe('/v1/rollouts authorisation', () => {
  it("is the tenant admin's: viewers and operators get 403, another tenant needs platform_admin", async () => {
    const s = await open();
    for (const key of [s.keys.viewer, s.keys.operator]) expect((await s.call('GET', '/v1/rollouts', { key })).status).toBe(403);
    expect((await s.call('PUT', '/v1/rollouts/stage', { key: s.keys.operator, body: { stage: 'internal' } })).status).toBe(403);
    const own = await s.call('GET', '/v1/rollouts', { key: s.keys.admin });
    expect(own.status).toBe(200);
    expect(await json(own)).toMatchObject({ tenant: 'acme', stage: 'general', current: null, changes: [] });
    const other = await s.call('PUT', '/v1/rollouts/stage?tenant=globex', { key: s.keys.admin, body: { stage: 'internal' } });
    expect(other.status).toBe(403);
    expect(await s.rolloutStore.stage('globex')).toBe('general');
    const platform = await s.call('PUT', '/v1/rollouts/stage?tenant=globex', { key: s.keys.platform, body: { stage: 'read_only', reason: 'pilot' } });
    expect(platform.status).toBe(200);
    expect(await json(platform)).toEqual({ tenant: 'globex', from: 'general', to: 'read_only' });
    const events = await json<{ events: Array<{ type: string; by: string; detail: unknown }> }>(await s.call('GET', '/v1/rollouts/events?tenant=globex', { key: s.keys.platform }));
    expect(events.events).toEqual([expect.objectContaining({ type: 'rollout.stage_changed', by: expect.stringMatching(/^ops-platform_admin/), detail: { from: 'general', to: 'read_only', reason: 'pilot' } })]);
  });

  it('refuses what it cannot honour, naming the field: an unknown version, a percentage over the stage, an unknown field', async () => {
    const s = await open();
    const unknownVersion = await s.call('POST', '/v1/rollouts', { key: s.keys.admin, body: { kind: 'prompt', candidate: 'prompt-v2', percent: 10 } });
    expect(unknownVersion.status).toBe(422);
    expect(await json(unknownVersion)).toMatchObject({ error: { code: 'unsupported', fields: ['candidate'] } });
    expect((await s.call('POST', '/v1/rollouts', { key: s.keys.admin, body: { kind: 'runtime', candidate: 'adk', percent: 10, colour: 'red' } })).status).toBe(400);
    await s.call('PUT', '/v1/rollouts/stage', { key: s.keys.admin, body: { stage: 'canary' } });
    const tooWide = await s.call('POST', '/v1/rollouts', { key: s.keys.admin, body: { kind: 'runtime', candidate: 'adk', percent: 60 } });
    expect(tooWide.status).toBe(422);
    expect(await json(tooWide)).toMatchObject({ error: { fields: ['percent'] } });
    expect(await s.rolloutStore.activeChange('acme')).toBeUndefined();
  });

  it('starts, widens, refuses a second change and a promotion the stage forbids, rolls back, and audits each step', async () => {
    const s = await open();
    await s.call('PUT', '/v1/rollouts/stage', { key: s.keys.admin, body: { stage: 'canary' } });
    const started = await s.call('POST', '/v1/rollouts', { key: s.keys.admin, body: { kind: 'runtime', candidate: 'openai-agents', percent: 10, min_candidate_runs: 20, margin: 0.1 } });
    expect(started.status).toBe(201);
    expect(await json(started)).toMatchObject({ tenant: 'acme', kind: 'runtime', stableVersion: 'base', candidateVersion: 'openai-agents', percent: 10, state: 'canary', rule: { minCandidateRuns: 20, margin: 0.1 } });
    expect((await s.call('POST', '/v1/rollouts', { key: s.keys.admin, body: { kind: 'runtime', candidate: 'adk', percent: 10 } })).status).toBe(409);
    expect(await json(await s.call('PUT', '/v1/rollouts/percent', { key: s.keys.admin, body: { percent: 25 } }))).toMatchObject({ percent: 25 });
    const promote = await s.call('POST', '/v1/rollouts/promote', { key: s.keys.admin });
    expect(promote.status).toBe(409);
    expect(await json(promote)).toMatchObject({ error: { code: 'rollout_conflict', fields: ['stage'] } });
    const rolledBack = await s.call('POST', '/v1/rollouts/rollback', { key: s.keys.admin, body: { reason: 'manual check' } });
    expect(await json(rolledBack)).toMatchObject({ state: 'rolled_back', percent: 0 });
    expect((await s.call('POST', '/v1/rollouts/rollback', { key: s.keys.admin })).status).toBe(404);
    const { events } = await json<{ events: Array<{ type: string }> }>(await s.call('GET', '/v1/rollouts/events', { key: s.keys.admin }));
    expect(events.map((e) => e.type)).toEqual(['rollout.stage_changed', 'rollout.started', 'rollout.percent_changed', 'rollout.rolled_back']);
  });
});

describe('stages on /v1/runs', () => {
  it('admits only the tenant admin in the internal stage, and another tenant is untouched', async () => {
    const s = await open();
    await s.rollouts.setStage('acme', 'internal', 'test');
    const refused = await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де зараз посилка TTN-000001?' } });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ error: { code: 'stage_refused' } });
    const background = await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де зараз посилка TTN-000001?', wait: false } });
    expect(background.status).toBe(403);
    expect((await s.opened.runs.listRuns({ tenant: 'acme' })).runs).toEqual([]);
    const admitted = await s.call('POST', '/v1/runs', { key: s.keys.admin, body: { input: 'Де зараз посилка TTN-000001?' } });
    expect(admitted.status).toBe(200);
    expect(await json<RunRecord>(admitted)).toMatchObject({ status: 'finished' });
    expect((await s.call('POST', '/v1/runs', { key: s.keys.globex, body: { input: 'Де зараз посилка TTN-000015?' } })).status).toBe(200);
  });

  it('refuses a cancellation in the read_only stage before a human is asked, and answers reads', async () => {
    const s = await open();
    await s.rollouts.setStage('acme', 'read_only', 'test');
    const cancel = await json<RunRecord>(await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Скасуй TTN-000004, клієнт відмовився, поверни 100 грн' } }));
    expect(cancel).toMatchObject({ status: 'stopped', stop_reason: 'policy_deny:cancel_shipment' });
    expect(cancel.pending).toBeUndefined();
    expect(await s.opened.domain.approvals.list({ tenant: 'acme' })).toEqual([]);
    expect(await s.opened.domain.countCancellations('TTN-000004')).toBe(0);
    expect(await json<RunRecord>(await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де зараз посилка TTN-000001?' } }))).toMatchObject({ status: 'finished' });
    // Back in general, the same request pauses for a human, as always.
    await s.rollouts.setStage('acme', 'general', 'test');
    expect(await json<RunRecord>(await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Скасуй TTN-000004, клієнт відмовився, поверни 100 грн' } }))).toMatchObject({ status: 'awaiting_approval' });
  });

  it('refuses an approval decided over HTTP after the tenant moved to read_only: nothing is cancelled, and the answer says why', async () => {
    const s = await open();
    const paused = await json<RunRecord>(await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Cancel TTN-000004, the customer refused it, refund 100 UAH' } }));
    expect(paused.status).toBe('awaiting_approval');
    await s.rollouts.setStage('acme', 'read_only', 'test');
    const res = await s.call('POST', `/v1/approvals/${paused.run_id}`, { key: s.keys.operator, body: { decision: 'approve' } });
    expect(res.status).toBe(200);
    const resumed = await json<RunRecord>(res);
    expect(resumed).toMatchObject({ status: 'stopped', stop_reason: 'policy_deny:cancel_shipment', approval: { decision: 'approve' } });
    expect(resumed.answer).toMatch(/^Nothing was cancelled: .*"read_only" rollout stage.*ask again/);
    expect(await s.opened.domain.countCancellations('TTN-000004')).toBe(0);
  });

  it('records the arm a run ran on, in the record and its audit trail', async () => {
    const s = await open();
    const change = await s.rollouts.start('acme', { kind: 'model', candidate: 'offline', percent: 100 }, 'test');
    const record = await json<RunRecord>(await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де зараз посилка TTN-000001?' } }));
    expect(record.variant).toEqual({ change_id: change.id, kind: 'model', arm: 'candidate', version: 'offline' });
    const { events } = await json<{ events: Array<{ type: string; detail?: string }> }>(await s.call('GET', `/v1/runs/${record.run_id}/events`, { key: s.keys.operator }));
    expect(events.find((e) => e.type === 'rollout.variant')?.detail).toBe(JSON.stringify(record.variant));
    expect(await s.rolloutStore.tally(change.id)).toEqual({ stable: { runs: 0, bad: 0 }, candidate: { runs: 1, bad: 0 } });
  });
});
