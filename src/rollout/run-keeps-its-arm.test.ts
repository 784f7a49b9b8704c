import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defineDomainPolicy } from '../policy/index.js';
import type { OpenNamedRuntimeOptions, Runtime, RuntimeName } from '../runtimes/index.js';
import { openRuntime } from '../runtimes/index.js';
import { makeTempDir } from '../testing/temp-dir.js';
import { openRolloutPool } from './open-rollout-pool.js';
import { routedRuntime } from './routed-runtime.js';
import type { RunTarget } from './run-target.js';
import type { VersionCatalog } from './version-catalog.js';
import { BASE_VERSION } from './version-catalog.js';

const temps: Array<{ cleanup(): void }> = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.cleanup();
});

// The candidate version is the base with its own policy object: how a runtime was opened tells the arms apart.
const CANDIDATE_POLICY = defineDomainPolicy({ refundCapUah: 4000 });
const CANCEL = 'Скасуй TTN-000004, клієнт відмовився, поверни 100 грн';

async function harness(rule = { minCandidateRuns: 10, margin: 0.15 }) {
  const temp = makeTempDir();
  temps.push(temp);
  const dbPath = join(temp.dir, 'waybill.db');
  const base: RunTarget = { key: 'base', runtimeName: 'langgraph', options: { offline: true } };
  const catalog: VersionCatalog = (kind, version, target) => {
    if (version === BASE_VERSION) return target;
    return kind === 'model' && version === 'v2' ? { ...target, key: `${target.key}|model:v2`, options: { ...target.options, policy: CANDIDATE_POLICY } } : undefined;
  };
  // Which opened runtime (base or candidate) each decision and recovery ran on.
  const ranOn: string[] = [];
  const open = async (name: RuntimeName, options: OpenNamedRuntimeOptions): Promise<Runtime> => {
    const runtime = await openRuntime(name, options);
    const label = options.policy === CANDIDATE_POLICY ? 'candidate' : 'base';
    return {
      ...runtime,
      decide: async (...args) => {
        ranOn.push(`decide:${label}`);
        return runtime.decide(...args);
      },
      recover: async (...args) => {
        ranOn.push(`recover:${label}`);
        return runtime.recover(...args);
      },
    };
  };
  const { pool, rollouts } = await openRolloutPool({ dbPath, base, catalog, open });
  const runtime = routedRuntime(pool);
  // Every user on the candidate: the arm a run starts on is then known.
  const change = await rollouts.startChange({ tenant: 'default', kind: 'model', stableVersion: BASE_VERSION, candidateVersion: 'v2', percent: 100, rule, by: 'test' });
  if (!change) throw new Error('no change started');
  return { runtime, rollouts, change, ranOn, close: () => runtime.close() };
}

describe('a run keeps the rollout arm it started on', () => {
  it('resumes a candidate run after an approval on the candidate version, recorded and counted on that arm', { timeout: 60_000 }, async () => {
    const h = await harness();
    try {
      const paused = await h.runtime.ask({ input: CANCEL, tenant: 'default', user: 'u1', threadId: 't-keep' });
      expect(paused.status).toBe('awaiting_approval');
      expect(paused.variant).toMatchObject({ change_id: h.change.id, arm: 'candidate', version: 'v2' });
      // A pause is not an outcome yet: nothing counted.
      expect((await h.rollouts.tally(h.change.id)).candidate.runs).toBe(0);
      const resumed = await h.runtime.decide('t-keep', { type: 'approve', by: 'op' });
      expect(h.ranOn).toEqual(['decide:candidate']);
      expect(resumed.stop_reason).toBe('finish');
      expect(resumed.variant).toEqual({ change_id: h.change.id, kind: 'model', arm: 'candidate', version: 'v2' });
      expect(await h.runtime.runs.listEvents(resumed.run_id)).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'rollout.variant' })]));
      expect(await h.rollouts.tally(h.change.id)).toEqual({ stable: { runs: 0, bad: 0 }, candidate: { runs: 1, bad: 0 } });
    } finally {
      await h.close();
    }
  });

  it('counts a resumed candidate run that ends badly, and rolls the change back by it', { timeout: 60_000 }, async () => {
    const h = await harness({ minCandidateRuns: 1, margin: 0.15 });
    try {
      await h.runtime.ask({ input: CANCEL, tenant: 'default', user: 'u1', threadId: 't-bad' });
      const rejected = await h.runtime.decide('t-bad', { type: 'reject', by: 'op', reason: 'wrong shipment' });
      expect(rejected.stop_reason).toBe('approval_rejected');
      expect(await h.rollouts.tally(h.change.id)).toEqual({ stable: { runs: 0, bad: 0 }, candidate: { runs: 1, bad: 1 } });
      expect((await h.rollouts.getChange(h.change.id))?.state).toBe('rolled_back');
    } finally {
      await h.close();
    }
  });

  it('finishes a candidate run on the stable version when the change was rolled back meanwhile, and says so', { timeout: 60_000 }, async () => {
    const h = await harness();
    try {
      await h.runtime.ask({ input: CANCEL, tenant: 'default', user: 'u1', threadId: 't-rolled' });
      expect(await h.rollouts.endChange(h.change.id, 'rolled_back', 'ops', {})).toBe(true);
      const resumed = await h.runtime.decide('t-rolled', { type: 'approve', by: 'op' });
      expect(h.ranOn).toEqual(['decide:base']);
      expect(resumed.stop_reason).toBe('finish');
      expect(resumed.variant).toEqual({ change_id: h.change.id, kind: 'model', arm: 'candidate', version: 'v2', rerouted: { version: BASE_VERSION, reason: 'rolled_back' } });
      // Run on neither arm's version as started: counted for neither.
      expect(await h.rollouts.tally(h.change.id)).toEqual({ stable: { runs: 0, bad: 0 }, candidate: { runs: 0, bad: 0 } });
    } finally {
      await h.close();
    }
  });

  it('recovers a candidate run whose process died on the candidate version, and counts it', { timeout: 60_000 }, async () => {
    const h = await harness();
    try {
      const variant = { change_id: h.change.id, kind: 'model' as const, arm: 'candidate' as const, version: 'v2' };
      // What a process killed mid-run leaves: the intent, its lease long over.
      const past = new Date(Date.now() - 60_000).toISOString();
      expect(await h.runtime.runs.beginIntent({ runId: 'run-dead', threadId: 't-dead', tenant: 'default', requestId: 'req-dead', runtime: 'langgraph', kind: 'ask', input: 'Де зараз посилка TTN-000001?', variant, startedAt: past, owner: 'gone-host:1:x', leaseUntil: past })).toBe(true);
      const [recovered] = await h.runtime.recover('t-dead');
      expect(h.ranOn).toEqual(['recover:candidate']);
      expect(recovered).toMatchObject({ run_id: 'run-dead', stop_reason: 'finish', variant });
      expect(await h.rollouts.tally(h.change.id)).toEqual({ stable: { runs: 0, bad: 0 }, candidate: { runs: 1, bad: 0 } });
    } finally {
      await h.close();
    }
  });
});
