import { describe, expect, it } from 'vitest';
import type { ModelEndpoint } from '../models/index.js';
import type { OpenNamedRuntimeOptions, Runtime, RuntimeName } from '../runtimes/index.js';
import type { RunRecord } from '../telemetry/index.js';
import { routedRuntime } from './routed-runtime.js';
import { RuntimePool } from './runtime-pool.js';
import { tenantEndpointChooser } from './tenant-endpoint-chooser.js';

const ACME: ModelEndpoint = { model: 'acme-own', baseUrl: 'https://llm.acme.example/v1', apiKey: 'sk-acme-secret-key-123456' };

/** Runtimes that answer with the model they were opened on; the thread's latest run is `latest`. */
function harness(latest: Map<string, RunRecord>) {
  const opened: string[] = [];
  const open = async (name: RuntimeName, options: OpenNamedRuntimeOptions): Promise<Runtime> => {
    const model = options.endpoint?.model ?? 'base-model';
    opened.push(model);
    const record = (what: string) => ({ run_id: `${what}-on-${model}`, runtime: name }) as RunRecord;
    return {
      name, modelName: model, domain: {} as Runtime['domain'], controls: {} as Runtime['controls'],
      runs: { latestRunForThread: async (threadId: string) => latest.get(threadId) } as unknown as Runtime['runs'],
      ask: async () => record('asked'),
      state: async (threadId) => ({ thread_id: threadId, status: 'unknown' }),
      decide: async () => record('decided'),
      recover: async () => [],
      close: async () => undefined,
    };
  };
  return { opened, open };
}

describe('tenantEndpointChooser', () => {
  it('runs a tenant with its own endpoint on it, before and after an approval, and leaves other tenants on the base', async () => {
    const latest = new Map<string, RunRecord>();
    const h = harness(latest);
    const versions = new Map([['acme', 'v1']]);
    const chooser = tenantEndpointChooser({ resolve: async (tenant) => (versions.has(tenant) ? { endpoint: ACME, version: versions.get(tenant) as string } : undefined) });
    const pool = await RuntimePool.open({ dbPath: ':memory:', base: { key: 'base', runtimeName: 'langgraph', options: {} }, choosers: [chooser], resumeChoosers: [chooser], open: h.open });
    const runtime = routedRuntime(pool);
    expect((await runtime.ask({ input: 'q', tenant: 'acme' })).run_id).toBe('asked-on-acme-own');
    expect((await runtime.ask({ input: 'q', tenant: 'globex' })).run_id).toBe('asked-on-base-model');
    // The key of the target names the tenant and the version, never the key.
    expect(pool.openedKeys()).toEqual(['base', 'base|tenant-endpoint:acme:v1']);
    expect(pool.openedKeys().join(' ')).not.toContain(ACME.apiKey);

    latest.set('t-acme', { tenant: 'acme', runtime: 'langgraph' } as RunRecord);
    latest.set('t-globex', { tenant: 'globex', runtime: 'langgraph' } as RunRecord);
    expect((await runtime.decide('t-acme', { type: 'approve', by: 'op' })).run_id).toBe('decided-on-acme-own');
    expect((await runtime.decide('t-globex', { type: 'approve', by: 'op' })).run_id).toBe('decided-on-base-model');
    // A new version of the endpoint opens a runtime of its own.
    versions.set('acme', 'v2');
    await runtime.ask({ input: 'q', tenant: 'acme' });
    expect(pool.openedKeys()).toContain('base|tenant-endpoint:acme:v2');
    await runtime.close();
  });
});
