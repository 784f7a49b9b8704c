import { describe, expect, it } from 'vitest';
import { argsHash } from '../domain/args-hash.js';
import { openDomainStore } from '../domain/store/open-domain-store.js';
import { storeConformance } from '../testing/store-conformance.js';
import { openRunStore } from './open-run-store.js';
import { sampleRunRecord } from './sample-run-record.js';
import { parseUsageWindow, tenantUsageReport } from './tenant-usage-report.js';

/** The run store and the domain store on one database, with the domain's clock set to `now`. */
async function openSources(location: string, now = '2026-11-30T09:00:00.000Z') {
  const runs = await openRunStore(location);
  const domain = await openDomainStore({ path: location, now: () => new Date(now) });
  return { runs, domain, close: async () => Promise.all([runs.close(), domain.close()]).then(() => undefined) };
}

const run = (id: string, tenant: string, startedAt: string, stop: 'finish' | 'operator_kill' | 'awaiting_approval', tokens: [number, number], usd: number) =>
  sampleRunRecord({
    run_id: id, tenant, thread_id: `t-${id}`, started_at: startedAt, stop_reason: stop,
    status: stop === 'finish' ? 'finished' : stop === 'awaiting_approval' ? 'awaiting_approval' : 'stopped',
    usage: { prompt_tokens: tokens[0], completion_tokens: tokens[1], usd },
  });

storeConformance('tenant usage report', openSources, ({ open }) => {
  it('counts runs, tokens, cost, stops and approvals per tenant and UTC day, inside the window only', async () => {
    const { runs, domain } = await open();
    await runs.saveRun(run('r1', 'acme', '2026-11-29T23:59:59.999Z', 'finish', [100, 10], 0.001));
    await runs.saveRun(run('r2', 'acme', '2026-11-30T00:00:00.000Z', 'operator_kill', [50, 5], 0.0005));
    await runs.saveRun(run('r3', 'acme', '2026-11-30T12:00:00.000Z', 'finish', [200, 20], 0.002));
    await runs.saveRun(run('r4', 'globex', '2026-11-30T13:00:00.000Z', 'awaiting_approval', [70, 7], 0.0007));
    await runs.saveRun(run('r0', 'acme', '2026-11-27T23:59:59.999Z', 'finish', [999, 99], 9));
    await runs.saveRun(run('r9', 'acme', '2026-12-01T00:00:00.000Z', 'finish', [999, 99], 9));
    const args = { tracking_id: 'TTN-000004', reason: 'r', refund_uah: 720 };
    const filed = await Promise.all(['acme', 'acme', 'acme', 'globex'].map((tenant, i) => domain.approvals.request({ tenant, tool: 'cancel_shipment', args: { ...args, refund_uah: 700 + i }, argsHash: argsHash({ ...args, refund_uah: 700 + i }), requestedBy: 'test' })));
    await domain.approvals.decide({ approvalId: filed[0]?.approvalId ?? '', kind: 'approve', decidedBy: 'op' });
    await domain.approvals.decide({ approvalId: filed[1]?.approvalId ?? '', kind: 'reject', decidedBy: 'op', reason: 'no' });

    const report = await tenantUsageReport({ runs, approvals: domain.approvals }, { since: '2026-11-28', until: '2026-11-30' });
    expect(report.days.map((d) => [d.day, d.tenant, d.runs, d.tokens, d.stops])).toEqual([
      ['2026-11-29', 'acme', 1, 110, { finish: 1 }],
      ['2026-11-30', 'acme', 2, 275, { finish: 1, operator_kill: 1 }],
      ['2026-11-30', 'globex', 1, 77, { awaiting_approval: 1 }],
    ]);
    expect(report.days[1]?.approvals).toEqual({ requested: 3, approved: 1, edited: 0, auto: 0, rejected: 1, pending: 1 });
    expect(report.days[2]?.approvals).toEqual({ requested: 1, approved: 0, edited: 0, auto: 0, rejected: 0, pending: 1 });
    expect(report.days[1]?.usd).toBeCloseTo(0.0025, 9);
    expect(report.totals.map((t) => [t.tenant, t.day, t.runs, t.prompt_tokens, t.completion_tokens, t.approvals.requested])).toEqual([
      ['acme', '2026-11-28..2026-11-30', 3, 350, 35, 3],
      ['globex', '2026-11-28..2026-11-30', 1, 70, 7, 1],
    ]);

    const globex = await tenantUsageReport({ runs, approvals: domain.approvals }, { since: '2026-11-28', until: '2026-11-30', tenant: 'globex' });
    expect(globex.days.map((d) => d.tenant)).toEqual(['globex']);
    expect(globex.tenant).toBe('globex');
    expect((await tenantUsageReport({ runs, approvals: domain.approvals }, { since: '2026-11-28', until: '2026-11-30', tenant: 'initech' })).days).toEqual([]);
  });
});

describe('parseUsageWindow', () => {
  const today = new Date('2026-12-03T15:00:00Z');
  it('defaults to the last 30 days ending today, and takes days, since and until', () => {
    expect(parseUsageWindow({}, today)).toEqual({ since: '2026-11-04', until: '2026-12-03' });
    expect(parseUsageWindow({ days: '1' }, today)).toEqual({ since: '2026-12-03', until: '2026-12-03' });
    expect(parseUsageWindow({ days: '7', until: '2026-03-01' }, today)).toEqual({ since: '2026-02-23', until: '2026-03-01' });
    expect(parseUsageWindow({ since: '2026-01-01', until: '2026-01-31' }, today)).toEqual({ since: '2026-01-01', until: '2026-01-31' });
  });

  it('names what is wrong with a window it cannot use', () => {
    for (const [input, problem] of [
      [{ since: '2026-02-30' }, 'since must be a UTC day'],
      [{ until: 'yesterday' }, 'until must be a UTC day'],
      [{ until: '2026-13-01' }, 'until must be a UTC day'],
      [{ days: '0' }, 'days must be a whole number from 1 to 366'],
      [{ days: '1.5' }, 'days must be a whole number'],
      [{ days: '3', since: '2026-01-01' }, 'give days or since, not both'],
      [{ since: '2026-12-04', until: '2026-12-03' }, 'is after until'],
      [{ since: '2024-01-01', until: '2026-01-01' }, 'at most 366'],
    ] as const) {
      const parsed = parseUsageWindow(input, today);
      expect('problem' in parsed && parsed.problem, JSON.stringify(input)).toContain(problem);
    }
  });
});
