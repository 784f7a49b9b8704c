import { expect, it } from 'vitest';
import { openDomainStore } from '../domain/index.js';
import { storeConformance } from '../testing/store-conformance.js';
import { openRolloutStore } from './open-rollout-store.js';
import type { NewChange } from './rollout-store.js';

/** The value, or a failed test when there is none. */
function defined<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}


const change = (tenant: string, candidate = 'openai-agents'): NewChange => ({ tenant, kind: 'runtime', stableVersion: 'base', candidateVersion: candidate, percent: 10, rule: { minCandidateRuns: 5, margin: 0.2 }, by: 'ops' });

/** The RolloutStore contract on every backend; `open()` is another connection, as another process has. */
storeConformance('RolloutStore', openRolloutStore, ({ open, location, exec, track }) => {
  it('reads general for a tenant never staged, and audits each real stage change once', async () => {
    const a = await open();
    const b = await open();
    expect(await a.stage('acme')).toBe('general');
    expect(await a.setStage('acme', 'internal', 'ops', 'first week')).toBe('general');
    expect(await b.stage('acme')).toBe('internal');
    expect(await b.setStage('acme', 'internal', 'ops')).toBe('internal');
    expect(await b.setStage('acme', 'canary', 'ops')).toBe('internal');
    expect(await a.stage('globex')).toBe('general');
    const events = await a.events('acme');
    expect(events.map((e) => [e.type, e.detail])).toEqual([
      ['rollout.stage_changed', { from: 'general', to: 'internal', reason: 'first week' }],
      ['rollout.stage_changed', { from: 'internal', to: 'canary' }],
    ]);
    expect(await a.events('acme', { sinceId: events[0]?.id ?? 0 })).toHaveLength(1);
  });

  it('keeps one change in canary per tenant, even when two connections start one at once', async () => {
    const a = await open();
    const b = await open();
    const started = await Promise.all([a.startChange(change('acme')), b.startChange(change('acme', 'adk'))]);
    expect(started.filter(Boolean)).toHaveLength(1);
    expect(await a.startChange(change('globex'))).toMatchObject({ tenant: 'globex', state: 'canary', percent: 10, rule: { minCandidateRuns: 5, margin: 0.2 } });
    const active = await b.activeChange('acme');
    expect(active?.id).toBe(started.find(Boolean)?.id);
    expect((await a.events('acme')).filter((e) => e.type === 'rollout.started')).toHaveLength(1);
  });

  it('ends a change once however many connections end it at the same time, and writes one event', async () => {
    const connections = await Promise.all(Array.from({ length: 6 }, () => open()));
    const [first] = connections;
    const started = await defined(first).startChange(change('acme'));
    const ended = await Promise.all(connections.map((store, i) => store.endChange(defined(started).id, 'rolled_back', `worker ${i}`, { candidate_rate: 0.5 })));
    expect(ended.filter(Boolean)).toHaveLength(1);
    expect(await defined(first).getChange(defined(started).id)).toMatchObject({ state: 'rolled_back', percent: 0 });
    expect((await defined(first).events('acme')).filter((e) => e.type === 'rollout.rolled_back').map((e) => e.detail)).toEqual([{ candidate_rate: 0.5 }]);
    expect(await defined(first).setPercent(defined(started).id, 20, 'ops')).toBe(false);
    expect(await defined(first).endChange(defined(started).id, 'promoted', 'ops', {})).toBe(false);
  });

  it('counts each run once for its arm, and keeps the promoted change in effect after later rollbacks', async () => {
    const store = await open();
    const first = await store.startChange(change('acme'));
    const variant = (arm: 'stable' | 'candidate') => ({ change_id: defined(first).id, kind: 'runtime' as const, arm, version: arm === 'stable' ? 'base' : 'openai-agents' });
    await store.recordOutcome(variant('candidate'), 'run-1', true);
    await store.recordOutcome(variant('candidate'), 'run-1', false);
    await store.recordOutcome(variant('candidate'), 'run-2', false);
    await store.recordOutcome(variant('stable'), 'run-3', false);
    expect(await store.tally(defined(first).id)).toEqual({ stable: { runs: 1, bad: 0 }, candidate: { runs: 2, bad: 1 } });
    expect(await store.setPercent(defined(first).id, 30, 'ops')).toBe(true);
    expect(await store.endChange(defined(first).id, 'promoted', 'ops', {})).toBe(true);
    expect(await store.activeChange('acme')).toBeUndefined();
    const second = await store.startChange(change('acme', 'adk'));
    expect((await store.currentChange('acme'))?.id).toBe(defined(second).id);
    await store.endChange(defined(second).id, 'rolled_back', 'ops', {});
    expect((await store.currentChange('acme'))?.id).toBe(defined(first).id);
    expect((await store.listChanges('acme')).map((c) => c.state)).toEqual(['rolled_back', 'promoted']);
    expect((await store.events('acme')).map((e) => e.type)).toEqual(['rollout.started', 'rollout.percent_changed', 'rollout.promoted', 'rollout.started', 'rollout.rolled_back']);
  });

  it('writes every stage change and every step of a change to the keyed audit chain, which verify checks', async () => {
    const store = await open();
    await store.setStage('acme', 'canary', 'alice', 'pilot');
    const started = defined(await store.startChange(change('acme')));
    await store.setPercent(started.id, 25, 'alice');
    await store.endChange(started.id, 'rolled_back', 'waybill (automatic rollback)', { candidate_rate: 0.6, stable_rate: 0.1, candidate_runs: 10, stable_runs: 40 });
    const promoted = defined(await store.startChange(change('acme', 'adk')));
    await store.endChange(promoted.id, 'promoted', 'bob', {});
    const domain = track(await openDomainStore({ path: await location() }));
    const entries = (await domain.audit.list({ tenant: 'acme' })).map((e) => [e.type, e.subject, e.body]);
    expect(entries).toEqual([
      ['rollout.stage_changed', 'stage', { by: 'alice', before: { stage: 'general' }, after: { stage: 'canary' }, reason: 'pilot' }],
      ['rollout.started', started.id, expect.objectContaining({ by: 'ops', before: null, after: { state: 'canary', percent: 10 }, candidate: 'openai-agents' })],
      ['rollout.percent_changed', started.id, { by: 'alice', before: { percent: 10 }, after: { percent: 25 } }],
      ['rollout.rolled_back', started.id, { by: 'waybill (automatic rollback)', before: { state: 'canary', percent: 25 }, after: { state: 'rolled_back', percent: 0 }, candidate_rate: 0.6, stable_rate: 0.1, candidate_runs: 10, stable_runs: 40 }],
      ['rollout.started', promoted.id, expect.objectContaining({ before: null })],
      ['rollout.promoted', promoted.id, { by: 'bob', before: { state: 'canary', percent: 10 }, after: { state: 'promoted', percent: 100 } }],
    ]);
    expect(await domain.audit.verify()).toMatchObject({ ok: true, entries: 6 });
    // A rollback's actor rewritten in the chain is found.
    await exec("UPDATE audit_chain SET body = replace(body, 'automatic rollback', 'operator') WHERE type = 'rollout.rolled_back'");
    expect(await domain.audit.verify()).toMatchObject({ ok: false, problem: 'altered' });
  });
});
