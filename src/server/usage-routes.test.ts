import { afterEach, describe, expect, it } from 'vitest';
import type { TenantUsageReport } from '../telemetry/tenant-usage-report.js';
import type { TestServer } from './server-test-kit.js';
import { openTestServer } from './server-test-kit.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('GET /v1/usage', () => {
  it("reports the key's tenant per day; the operator of operators sees every tenant; nothing else crosses tenants", async () => {
    const s = (server = await openTestServer());
    await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де зараз посилка TTN-000001?' } });
    await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн' } });
    await s.call('POST', '/v1/runs', { key: s.keys.globex, body: { input: 'Де TTN-000015?' } });
    const today = new Date().toISOString().slice(0, 10);

    const acme = (await (await s.call('GET', '/v1/usage?days=1', { key: s.keys.admin })).json()) as TenantUsageReport;
    expect(acme).toMatchObject({ since: today, until: today, tenant: 'acme' });
    expect(acme.days).toHaveLength(1);
    expect(acme.days[0]).toMatchObject({ tenant: 'acme', day: today, runs: 2, stops: { finish: 1, awaiting_approval: 1 }, approvals: { requested: 1, pending: 1 } });
    expect(acme.days[0]?.tokens).toBeGreaterThan(0);

    const every = (await (await s.call('GET', '/v1/usage', { key: s.keys.platform })).json()) as TenantUsageReport;
    expect(every.tenant).toBeNull();
    expect(every.totals.map((t) => [t.tenant, t.runs])).toEqual([['acme', 2], ['globex', 1]]);
    const one = (await (await s.call('GET', '/v1/usage?tenant=globex', { key: s.keys.platform })).json()) as TenantUsageReport;
    expect(one.days.map((d) => d.tenant)).toEqual(['globex']);

    const refusals: Array<[string, string, number, string]> = [
      ['/v1/usage?tenant=globex', s.keys.admin, 403, 'platform_admin'],
      ['/v1/usage', s.keys.viewer, 403, 'admin'],
      ['/v1/usage?from=2026-01-01', s.keys.admin, 400, 'unknown query parameter from'],
      ['/v1/usage?since=2026-13-01', s.keys.admin, 400, 'since must be a UTC day'],
      ['/v1/usage?days=400', s.keys.admin, 400, 'days must be a whole number from 1 to 366'],
    ];
    for (const [path, key, status, says] of refusals) {
      const res = await s.call('GET', path, { key });
      expect(res.status, path).toBe(status);
      expect(JSON.stringify(await res.json()), path).toContain(says);
    }
  }, 60_000);
});
