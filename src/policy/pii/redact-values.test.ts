import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isOpaqueId, redactValues } from './redact-values.js';

describe('redactValues', () => {
  it('redacts every string, keys included, and keeps numbers, booleans and the shape', () => {
    const value = { reason: 'дзвоніть +380 95 431 27 86', refund_uah: 500, nested: [{ note: 'olena@ukr.net', ok: true }, null], 'olena@ukr.net': 1 };
    expect(redactValues(value)).toEqual({ reason: 'дзвоніть [REDACTED:PHONE]', refund_uah: 500, nested: [{ note: '[REDACTED:EMAIL]', ok: true }, null], '[REDACTED:EMAIL]': 1 });
    expect(redactValues('картка 4532 0151 1283 0366')).toBe('картка [REDACTED:CARD]');
    expect(redactValues(undefined)).toBeUndefined();
  });

  it('stays bounded on deep nesting (no stack overflow), leaving what lies below the bound as it is', () => {
    let deep: unknown = 'olena@ukr.net';
    for (let i = 0; i < 5000; i += 1) deep = { d: deep };
    expect(() => redactValues(deep)).not.toThrow();
    expect(redactValues({ a: { b: 'olena@ukr.net' } })).toEqual({ a: { b: '[REDACTED:EMAIL]' } });
  });
});

describe('isOpaqueId', () => {
  it('takes UUIDs (bare or behind a short prefix) and ids with nothing personal in them', () => {
    for (let i = 0; i < 2000; i += 1) {
      expect(isOpaqueId(randomUUID())).toBe(true);
      expect(isOpaqueId(`req-${randomUUID()}`)).toBe(true);
    }
    for (const id of ['h1', 'thread-42', 'run-7', 'edit-langgraph', 'TTN-000004']) expect(isOpaqueId(id)).toBe(true);
  });

  it('refuses ids shaped like personal data', () => {
    for (const id of ['380954312786', '0954312786', '4532015112830366', 'olena@ukr.net', '3184710691', 'UA213223130000026007233566001']) expect(isOpaqueId(id)).toBe(false);
  });
});
