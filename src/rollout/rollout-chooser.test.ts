import { afterEach, describe, expect, it } from 'vitest';
import { openRolloutStore } from './open-rollout-store.js';
import { rolloutChooser } from './rollout-chooser.js';
import type { RolloutStore } from './rollout-store.js';
import type { RunTarget } from './run-target.js';
import { StageRefusalError } from './stage-refusal-error.js';
import { inCanary } from './variant-bucket.js';
import { defaultVersionCatalog } from './version-catalog.js';

/** The value, or a failed test when there is none. */
function defined<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}


const base: RunTarget = { key: 'base', runtimeName: 'langgraph', options: { offline: true } };
let store: RolloutStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

async function chooser() {
  store = await openRolloutStore(':memory:');
  return { store, choose: rolloutChooser(store, defaultVersionCatalog(undefined)) };
}

describe('rolloutChooser', () => {
  it('leaves a tenant with no stage and no change on the base target, with no variant', async () => {
    const { choose } = await chooser();
    expect(await choose({ tenant: 'acme', user: 'u1', internal: false }, base)).toEqual(base);
  });

  it('admits only the tenant\'s staff in the internal stage', async () => {
    const { store: s, choose } = await chooser();
    await s.setStage('acme', 'internal', 'ops');
    await expect(choose({ tenant: 'acme', user: 'u1', internal: false }, base)).rejects.toBeInstanceOf(StageRefusalError);
    expect(await choose({ tenant: 'acme', user: 'u1', internal: true }, base)).toEqual(base);
    expect(await choose({ tenant: 'globex', user: 'u1', internal: false }, base)).toEqual(base);
  });

  it('runs the read_only stage on a read-only policy, on its own runtime', async () => {
    const { store: s, choose } = await chooser();
    await s.setStage('acme', 'read_only', 'ops');
    const target = await choose({ tenant: 'acme', user: 'u1', internal: false }, base);
    expect(target.key).toBe('base|read-only');
    expect(target.options.policy?.readOnly).toBe(true);
    expect(target.options.policy?.refundCapUah).toBe(5000);
  });

  it('sends the users whose bucket falls in the canary to the candidate, the others to stable, each recorded; after promotion everyone runs the candidate', async () => {
    const { store: s, choose } = await chooser();
    const change = await s.startChange({ tenant: 'acme', kind: 'runtime', stableVersion: 'base', candidateVersion: 'openai-agents', percent: 30, rule: { minCandidateRuns: 5, margin: 0.1 }, by: 'ops' });
    const users = Array.from({ length: 40 }, (_, i) => `u${i}`);
    for (const user of users) {
      const target = await choose({ tenant: 'acme', user, internal: false }, base);
      const candidate = inCanary('acme', user, defined(change).id, 30);
      expect(target.runtimeName).toBe(candidate ? 'openai-agents' : 'langgraph');
      expect(target.variant).toEqual({ change_id: defined(change).id, kind: 'runtime', arm: candidate ? 'candidate' : 'stable', version: candidate ? 'openai-agents' : 'base' });
    }
    await s.endChange(defined(change).id, 'promoted', 'ops', {});
    for (const user of users.slice(0, 5)) expect((await choose({ tenant: 'acme', user, internal: false }, base)).variant).toEqual({ change_id: defined(change).id, kind: 'runtime', arm: 'stable', version: 'openai-agents' });
  });

  it('leaves a run unassigned when this build cannot run the version another one started', async () => {
    const { store: s, choose } = await chooser();
    await s.startChange({ tenant: 'acme', kind: 'prompt', stableVersion: 'base', candidateVersion: 'prompt-v9', percent: 100, rule: { minCandidateRuns: 5, margin: 0.1 }, by: 'ops' });
    expect(await choose({ tenant: 'acme', user: 'u1', internal: false }, base)).toEqual(base);
  });
});

describe('rolloutChooser on a policy that approves small refunds by itself', () => {
  it('takes that autonomy from the candidate arm only', async () => {
    const { store: s, choose } = await chooser();
    const autonomous: RunTarget = { ...base, options: { ...base.options, policy: { refundCapUah: 5000, autoApproveBelowUah: 200, readOnly: false } as never } };
    await s.startChange({ tenant: 'acme', kind: 'model', stableVersion: 'base', candidateVersion: 'offline', percent: 100, rule: { minCandidateRuns: 5, margin: 0.1 }, by: 'ops' });
    const target = await choose({ tenant: 'acme', user: 'u1', internal: false }, autonomous);
    expect(target.variant?.arm).toBe('candidate');
    expect(target.options.policy?.autoApproveBelowUah).toBe(0);
    expect(target.key).toBe('base|model:offline|no-auto-approve');
  });
});
