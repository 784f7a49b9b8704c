import { describe, expect, it } from 'vitest';
import { argsHash, canonicalJson, iterativeCanonicalJson } from './args-hash.js';

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

/** The earlier, recursive form: the stored hashes were made with it, so the iterative one must match it. */
const recursive = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });

describe('canonicalJson', () => {
  it('writes what the recursive form wrote, key order of index-like keys included', () => {
    const samples: unknown[] = [
      { b: 1, 10: 'ten', 9: 'nine', a: [1, undefined, () => 1, { y: undefined, x: null }], '01': 0, 'é': 'e', Z: true },
      [Number.NaN, Infinity, -0, 1e21, 'кирилиця "лапки"\n', new Date('2026-11-30T12:00:00.000Z')],
      { toJSON: () => ({ z: 1, a: 2 }) },
      { 'ключ "з" \\ лапками': '\u0001\ud800x\t', plain: 'без екранування' },
      'text',
      42,
      null,
      [],
      {},
      { nested: { deeper: { deepest: [[], {}, [{}]] } } },
    ];
    for (const sample of samples) {
      expect(iterativeCanonicalJson(sample)).toBe(recursive(sample));
      expect(canonicalJson(sample)).toBe(recursive(sample));
    }
  });

  it('writes arguments nested 100,000 levels deep, where the recursive form overflows the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i += 1) deep = i % 2 === 0 ? { k: deep } : [deep];
    expect(() => recursive(deep)).toThrow(RangeError);
    const text = canonicalJson(deep);
    expect(iterativeCanonicalJson(deep)).toBe(text);
    expect(text.startsWith('[{"k":[{"k":')).toBe(true);
    expect(text.length).toBe(100_000 / 2 * ('{"k":'.length + '}'.length + 2) + '"leaf"'.length);
    expect(argsHash(deep)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a cycle with a TypeError, as JSON.stringify does', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { again: cyclic };
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);
    expect(() => iterativeCanonicalJson(cyclic)).toThrow(TypeError);
  });
});
