import { describe, expect, it } from 'vitest';
import type { RunVariant } from '../telemetry/index.js';
import { rolloutResumeArm } from './resume-arm.js';
import type { RolloutChange, RolloutStore } from './rollout-store.js';
import type { RunTarget } from './run-target.js';
import { BASE_VERSION, defaultVersionCatalog } from './version-catalog.js';

const change = (over: Partial<RolloutChange>): RolloutChange => ({ id: 'chg-1', tenant: 'acme', kind: 'model', stableVersion: BASE_VERSION, candidateVersion: 'offline', percent: 10, state: 'canary', rule: { minCandidateRuns: 10, margin: 0.15 }, startedAt: '2026-12-04T00:00:00.000Z', startedBy: 'ops', ...over });
const storeWith = (c: RolloutChange) => ({ getChange: async (id: string) => (id === c.id ? c : undefined) }) as unknown as RolloutStore;
const on = (name: RunTarget['runtimeName']): RunTarget => ({ key: name === 'langgraph' ? 'base' : `base|runtime:${name}`, runtimeName: name, options: {} });
const catalog = defaultVersionCatalog({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKey: 'k' } as never);

describe('rolloutResumeArm', () => {
  it('resumes a candidate part on the candidate version while the change is in canary or promoted', async () => {
    const variant: RunVariant = { change_id: 'chg-1', kind: 'model', arm: 'candidate', version: 'offline' };
    for (const state of ['canary', 'promoted'] as const) {
      const target = await rolloutResumeArm(storeWith(change({ state })), catalog)(variant, on('langgraph'));
      expect(target).toMatchObject({ key: 'base|model:offline', options: { offline: true }, variant });
    }
  });

  it('sends a candidate part of a rolled-back model change to stable, recorded as rerouted; a later recovery keeps it there', async () => {
    const resume = rolloutResumeArm(storeWith(change({ state: 'rolled_back' })), catalog);
    const first = await resume({ change_id: 'chg-1', kind: 'model', arm: 'candidate', version: 'offline' }, on('langgraph'));
    expect(first).toMatchObject({ key: 'base', variant: { arm: 'candidate', version: 'offline', rerouted: { version: BASE_VERSION, reason: 'rolled_back' } } });
    expect(first.options).toEqual({});
    expect(await resume(first.variant, on('langgraph'))).toMatchObject({ key: 'base', variant: first.variant });
  });

  it('keeps a rolled-back runtime change on the framework that holds the pause, as a candidate part', async () => {
    const variant: RunVariant = { change_id: 'chg-1', kind: 'runtime', arm: 'candidate', version: 'openai-agents' };
    const target = await rolloutResumeArm(storeWith(change({ kind: 'runtime', candidateVersion: 'openai-agents', state: 'rolled_back' })), catalog)(variant, on('openai-agents'));
    expect(target).toMatchObject({ runtimeName: 'openai-agents', variant });
    expect(target.variant.rerouted).toBeUndefined();
  });

  it('runs a version this build cannot run on the framework base, recorded as version_unavailable', async () => {
    const variant: RunVariant = { change_id: 'chg-1', kind: 'prompt', arm: 'candidate', version: 'prompt-v9' };
    const target = await rolloutResumeArm(storeWith(change({ kind: 'prompt', candidateVersion: 'prompt-v9' })), catalog)(variant, on('langgraph'));
    expect(target).toMatchObject({ key: 'base', variant: { ...variant, rerouted: { version: BASE_VERSION, reason: 'version_unavailable' } } });
  });
});
