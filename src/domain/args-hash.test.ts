import { describe, expect, it } from 'vitest';
import { argsHash, canonicalJson } from './args-hash.js';

describe('argsHash', () => {
  it('ignores key order at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: 3 } })).toBe('{"a":{"c":3,"d":[2,{"y":2,"z":1}]},"b":1}');
    expect(argsHash({ refund_uah: 720, tracking_id: 'TTN-000004' })).toBe(argsHash({ tracking_id: 'TTN-000004', refund_uah: 720 }));
  });

  it('differs when a value differs, and is SHA-256 hex', () => {
    const hash = argsHash({ refund_uah: 720 });
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(argsHash({ refund_uah: 721 }));
  });
});
