import { describe, expect, it } from 'vitest';
import { countAuditAppendFailure } from '../mcp/audit-append-failures.js';
import { ServerMetrics } from './server-metrics.js';

describe('waybill_audit_append_failures_total', () => {
  it('counts the calls whose audit entry could not be written, per tenant and tool, and a tenant sees only its own', async () => {
    const metrics = new ServerMetrics();
    const sample = (text: string, tenant: string) => new RegExp(`^waybill_audit_append_failures_total\\{tenant="${tenant}",tool="track_shipment"\\} (\\d+)$`, 'm').exec(text)?.[1];
    const before = Number(sample((await metrics.render()).text, 'acme-audit') ?? 0);
    countAuditAppendFailure('acme-audit', 'track_shipment');
    countAuditAppendFailure('acme-audit', 'track_shipment');
    countAuditAppendFailure('globex-audit', 'track_shipment');
    const all = (await metrics.render()).text;
    expect(all).toContain('# TYPE waybill_audit_append_failures_total counter');
    expect(Number(sample(all, 'acme-audit'))).toBe(before + 2);
    const own = (await metrics.render({ tenant: 'acme-audit' })).text;
    expect(sample(own, 'acme-audit')).toBeDefined();
    expect(sample(own, 'globex-audit')).toBeUndefined();
  });
});
