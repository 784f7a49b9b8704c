import { describe, expect, it } from 'vitest';
import { normaliseCity } from './cities.js';
import { normaliseSku, normaliseTrackingId } from './identifiers.js';
import { normaliseService } from './services.js';

describe('normalisation', () => {
  it.each(['TTN-000001', 'ttn-000001', ' TTN-000001 ', 'Ttn-000001\t'])('reads %j as TTN-000001', (raw) => {
    expect(normaliseTrackingId(raw)).toBe('TTN-000001');
  });

  it.each(['TTN-00001', 'TTN-0000001', 'TTN000001', 'SKU-1001', 'TTN-00000١'])('rejects %j as a tracking id', (raw) => {
    expect(normaliseTrackingId(raw)).toBeUndefined();
  });

  it('reads SKUs case-insensitively and rejects other lengths', () => {
    expect(normaliseSku('sku-1001')).toBe('SKU-1001');
    expect(normaliseSku('SKU-10011')).toBeUndefined();
  });

  it.each([
    ['одеса', 'Одеса'],
    ['Odesa', 'Одеса'],
    ['ODESSA', 'Одеса'],
    [' київ ', 'Київ'],
    ['Kiev', 'Київ'],
    ['Lwów', 'Львів'],
    ['харьков', 'Харків'],
    ['Dnipro', 'Дніпро'],
  ])('reads city %j as %s', (raw, city) => {
    expect(normaliseCity(raw)).toBe(city);
  });

  it('knows no other cities', () => {
    expect(normaliseCity('Paris')).toBeUndefined();
    expect(normaliseCity('')).toBeUndefined();
  });

  it('reads services case-insensitively', () => {
    expect(normaliseService(' Express ')).toBe('express');
    expect(normaliseService('teleport')).toBeUndefined();
  });
});
