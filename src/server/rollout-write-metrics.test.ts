import { describe, expect, it } from 'vitest';
import { ServerMetrics } from './server-metrics.js';

describe('waybill_rollout_write_failures_total', () => {
  it('counts failed rollout writes per tenant, and a tenant sees only its own', async () => {
    const metrics = new ServerMetrics();
    metrics.rolloutWriteFailed('acme');
    metrics.rolloutWriteFailed('acme');
    metrics.rolloutWriteFailed('globex');
    const all = (await metrics.render()).text;
    expect(all).toContain('waybill_rollout_write_failures_total{tenant="acme"} 2');
    expect(all).toContain('waybill_rollout_write_failures_total{tenant="globex"} 1');
    expect((await metrics.render({ tenant: 'globex' })).text).not.toContain('tenant="acme"');
  });
});
