import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
const db = join(temp.dir, 'rollout.db');
afterAll(() => temp.cleanup());

/** The built CLI acting as `identity` (WAYBILL_TENANT, WAYBILL_ROLE; empty: the local tenant's admin). */
function waybillAs(identity: Record<string, string>, args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], { env: serverEnv(db, identity), encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('waybill rollout', () => {
  it("is the tenant admin's; another tenant's needs platform_admin", () => {
    expect(waybillAs({ WAYBILL_ROLE: 'operator' }, ['rollout', 'status'])).toMatchObject({ code: 2, stderr: expect.stringContaining('not allowed: read rollouts for tenant default as operator') });
    expect(waybillAs({}, ['rollout', 'stage', 'internal', '--tenant', 'globex'])).toMatchObject({ code: 2, stderr: expect.stringContaining('WAYBILL_ROLE=platform_admin') });
    const platform = waybillAs({ WAYBILL_TENANT: 'ops', WAYBILL_ROLE: 'platform_admin' }, ['rollout', 'stage', 'read_only', '--tenant', 'globex', '--json']);
    expect(platform.code).toBe(0);
    expect(JSON.parse(platform.stdout)).toEqual({ from: 'general', to: 'read_only' });
    const status = JSON.parse(waybillAs({ WAYBILL_TENANT: 'globex' }, ['rollout', 'status', '--json']).stdout) as { stage: string; events: Array<{ type: string; by: string }> };
    expect(status.stage).toBe('read_only');
    expect(status.events).toEqual([expect.objectContaining({ type: 'rollout.stage_changed', by: expect.stringContaining('platform_admin of ops') })]);
  });

  it('in the internal stage runs only for the tenant admin', () => {
    expect(waybillAs({}, ['rollout', 'stage', 'internal']).code).toBe(0);
    const refused = waybillAs({ WAYBILL_ROLE: 'operator' }, ['ask', 'Де зараз посилка TTN-000001?']);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('not allowed: tenant default is in stage "internal"') });
    expect(waybillAs({}, ['ask', 'Де зараз посилка TTN-000001?']).code).toBe(0);
    expect(waybillAs({}, ['rollout', 'stage', 'general']).code).toBe(0);
  });

  it('starts a change, refuses a version this build cannot run naming it, and rolls back', () => {
    expect(waybillAs({}, ['rollout', 'start', '--kind', 'prompt', '--candidate', 'prompt-v2', '--percent', '10'])).toMatchObject({ code: 2, stderr: expect.stringContaining('cannot run prompt version "prompt-v2"') });
    expect(waybillAs({}, ['rollout', 'start', '--kind', 'runtime', '--candidate', 'adk', '--percent', '101'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--percent must be a number from 0 to 100') });
    const started = waybillAs({}, ['rollout', 'start', '--kind', 'runtime', '--candidate', 'adk', '--percent', '10', '--min-runs', '5', '--json']);
    expect(started.code).toBe(0);
    expect(JSON.parse(started.stdout)).toMatchObject({ kind: 'runtime', stableVersion: 'base', candidateVersion: 'adk', percent: 10, state: 'canary', rule: { minCandidateRuns: 5, margin: 0.15 } });
    expect(waybillAs({}, ['rollout', 'rollback', '--reason', 'not today']).code).toBe(0);
    const status = JSON.parse(waybillAs({}, ['rollout', 'status', '--json']).stdout) as { current: unknown; changes: Array<{ state: string }>; events: Array<{ type: string }> };
    expect(status.current).toBeNull();
    expect(status.changes.map((c) => c.state)).toEqual(['rolled_back']);
    expect(status.events.map((e) => e.type)).toEqual(['rollout.stage_changed', 'rollout.stage_changed', 'rollout.started', 'rollout.rolled_back']);
  });

  it('puts every stage change and rollback in the keyed audit chain, which audit verify checks', () => {
    const listed = waybillAs({}, ['audit', 'list', '--json']);
    expect(listed.code).toBe(0);
    const rollout = (JSON.parse(listed.stdout) as Array<{ type: string; tenant: string; body: Record<string, unknown> }>).filter((e) => e.type.startsWith('rollout.'));
    expect(rollout.map((e) => e.type)).toEqual(['rollout.stage_changed', 'rollout.stage_changed', 'rollout.started', 'rollout.rolled_back']);
    expect(rollout[0]).toMatchObject({ tenant: 'default', body: { before: { stage: 'general' }, after: { stage: 'internal' } } });
    expect(rollout[3]?.body).toMatchObject({ by: expect.any(String), before: { state: 'canary', percent: 10 }, after: { state: 'rolled_back', percent: 0 }, candidate_rate: 0, stable_rate: 0, reason: 'not today' });
    expect(waybillAs({}, ['audit', 'verify'])).toMatchObject({ code: 0 });
  });
});
