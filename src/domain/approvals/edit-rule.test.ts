import { describe, expect, it } from 'vitest';
import type { EditedShipment } from './edit-rule.js';
import { checkCancelEdit } from './edit-rule.js';

const REQUESTED = { tracking_id: 'TTN-000004', reason: 'клієнт відмовився', refund_uah: 720 };
const SHIPMENT: { shipment: EditedShipment; tenant: string } = { shipment: { status: 'in_transit', paid_uah: 720, tenant: 'acme' }, tenant: 'acme' };
const refused = (edit: unknown, against?: typeof SHIPMENT) => {
  const checked = checkCancelEdit(REQUESTED, edit, against);
  return checked.success ? [] : checked.problems;
};

describe('the one edit rule (checkCancelEdit)', () => {
  it('merges a partial edit over the requested arguments and normalises it as the tool will', () => {
    expect(checkCancelEdit(REQUESTED, { refund_uah: 500 })).toEqual({ success: true, args: { ...REQUESTED, refund_uah: 500 } });
    expect(checkCancelEdit(REQUESTED, { reason: '  частково  ' })).toEqual({ success: true, args: { ...REQUESTED, reason: 'частково' } });
    expect(checkCancelEdit(REQUESTED, { tracking_id: 'ttn-000004', refund_uah: 19.99 }, SHIPMENT)).toEqual({ success: true, args: { ...REQUESTED, refund_uah: 19.99 } });
    // A whole call sent back with fields an edit cannot change, unchanged (as a console sends it), is the same edit.
    expect(checkCancelEdit({ ...REQUESTED, idempotency_key: 'k1' }, { ...REQUESTED, idempotency_key: 'k1', refund_uah: 1 })).toEqual({ success: true, args: { ...REQUESTED, refund_uah: 1 } });
  });

  it('never changes the shipment', () => {
    expect(refused({ tracking_id: 'TTN-000010' })).toEqual([expect.stringMatching(/^tracking_id: an edit may change the refund or the reason, not the shipment \(TTN-000004 was requested, the edit names TTN-000010\)/)]);
    expect(refused({ tracking_id: 'TTN-000010', refund_uah: 100 }, SHIPMENT)).toEqual([expect.stringMatching(/^tracking_id: /)]);
    expect(refused({ tracking_id: 'nonsense' })).toEqual([expect.stringMatching(/^tracking_id: expected TTN-/)]);
  });

  it.each([
    [1e-9, /not a whole number of kopecks/],
    [100.005, /not a whole number of kopecks/],
    [0, /must be positive/],
    [-5, /at least 0/],
    [5000.01, /over the automatic refund cap of 5000 UAH/],
    [Number.NaN, /refund_uah/],
    ['500', /refund_uah/],
  ])('refuses refund_uah %s by name', (refund, message) => {
    const problems = refused({ refund_uah: refund });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.startsWith('refund_uah: '))).toBe(true);
    expect(problems.join('; ')).toMatch(message);
  });

  it('refuses more than was paid, a final or foreign shipment, when given the shipment', () => {
    expect(refused({ refund_uah: 721 }, SHIPMENT)).toEqual(['refund_uah: 721 UAH exceeds the 720 UAH paid for TTN-000004']);
    expect(refused({ refund_uah: 100 }, { ...SHIPMENT, shipment: { ...SHIPMENT.shipment, status: 'delivered' } })).toEqual(['tracking_id: TTN-000004 is delivered and cannot be cancelled']);
    expect(refused({ refund_uah: 100 }, { ...SHIPMENT, tenant: 'globex' })).toEqual(['tracking_id: no shipment TTN-000004']);
  });

  it('refuses changed fields an edit cannot set, and anything but an object, naming them', () => {
    expect(refused({ idempotency_key: 'mine', refund_uah: 1 })).toEqual(['idempotency_key: an edit may change only refund_uah and reason']);
    expect(refused({ approval_id: 'apr_x' })).toEqual(['approval_id: an edit may change only refund_uah and reason']);
    expect(refused([1])).toEqual([expect.stringMatching(/^edit: expected an object/)]);
    expect(refused('refund 5')).toEqual([expect.stringMatching(/^edit: expected an object/)]);
    expect(refused({ reason: 'x', refund_uah: 9000 })).toEqual([expect.stringMatching(/^reason: /), expect.stringMatching(/^refund_uah: .*cap/)]);
  });
});
