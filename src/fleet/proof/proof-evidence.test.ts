import { describe, expect, it } from 'vitest';
import type { ProofToolCall } from './proof-evidence.js';
import { buildEvidence } from './proof-evidence.js';

const track = (id: string, status: string, history: Array<[string, string]>): ProofToolCall => ({
  tool: 'track_shipment',
  args: { tracking_id: id },
  outcome: 'ok',
  text: JSON.stringify({ status: 'ok', tracking_id: id, shipment_status: status, origin: 'Київ', destination: 'Львів', eta: '2026-12-01', history: history.map(([s, at]) => ({ status: s, at, place: 'Київ' })) }),
});
const stock: ProofToolCall = { tool: 'check_stock', args: { sku: 'SKU-1001' }, outcome: 'ok', text: JSON.stringify({ status: 'ok', sku: 'SKU-1001', total_qty: 57, warehouses: [{ city: 'Київ', qty: 42 }, { city: 'Львів', qty: 15 }] }) };
const cancel: ProofToolCall = { tool: 'cancel_shipment', args: { tracking_id: 'TTN-000001', refund_uah: 720 }, outcome: 'ok', text: JSON.stringify({ status: 'ok', tracking_id: 'TTN-000001', cancellation: { id: 'CNL-000001', refund_uah: 720 } }) };
const fresh = (call: ProofToolCall): ProofToolCall => ({ ...call, args: { ...call.args } });

describe('buildEvidence', () => {
  it('reads the same evidence from call objects already read by another check, in any order', () => {
    const calls = [track('TTN-000001', 'in_transit', [['created', '2026-11-27T09:00:00Z'], ['in_transit', '2026-11-28T10:00:00Z']]), stock, track('TTN-000001', 'at_branch', [['at_branch', '2026-11-29T08:00:00Z']]), cancel];
    // Another check reads some of the same call objects first (a sub-task's check before the run's final check).
    buildEvidence('Скасуй TTN-000001', [calls[3] as ProofToolCall, calls[0] as ProofToolCall]);
    const again = buildEvidence('Де TTN-000001 і скільки SKU-1001?', calls);
    const once = buildEvidence('Де TTN-000001 і скільки SKU-1001?', calls.map(fresh));
    expect(again).toEqual(once);
    expect(again.currentById.get('TTN-000001')).toBe('cancelled');
    expect([...(again.statusesById.get('TTN-000001') ?? [])].sort()).toEqual(['at_branch', 'cancelled', 'created', 'in_transit']);
    expect([...(again.historyById.get('TTN-000001')?.get('in_transit') ?? [])]).toEqual(['11-28']);
    expect([...(again.stockByCity.get('Київ') ?? [])]).toEqual([42]);
  });
});
