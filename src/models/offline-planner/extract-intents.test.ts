import { describe, expect, it } from 'vitest';
import { extractIntents, locateIntents } from './extract-intents.js';

describe('extractIntents', () => {
  it('reads the seed queries', () => {
    expect(extractIntents('Статус TTN-000001 і залишок SKU-1001')).toEqual([
      { kind: 'track', trackingId: 'TTN-000001' },
      { kind: 'stock', sku: 'SKU-1001' },
    ]);
    expect(extractIntents('Чому затримується TTN-000005?')).toEqual([{ kind: 'track', trackingId: 'TTN-000005', focus: 'delay' }]);
    expect(extractIntents('Вартість 8 кг Одеса→Харків express')).toEqual([
      { kind: 'price', origin: 'Одеса', destination: 'Харків', weightKg: 8, service: 'express', serviceAssumed: false },
    ]);
    expect(extractIntents('Скасуй TTN-000004, клієнт відмовився, поверни 720 грн')).toEqual([
      { kind: 'cancel', trackingId: 'TTN-000004', refundUah: 720, reason: 'клієнт відмовився' },
    ]);
  });

  it('leaves the refund out when the request gives none, so it is looked up', () => {
    expect(extractIntents('Скасуй TTN-000004')).toEqual([{ kind: 'cancel', trackingId: 'TTN-000004', reason: 'На прохання клієнта' }]);
  });

  it('marks a price request that lacks a weight or a city as incomplete', () => {
    expect(extractIntents('Скільки коштує доставка до Львова?')).toEqual([{ kind: 'incomplete_price', missing: ['weight_kg', 'origin'], destination: 'Львів' }]);
    expect(extractIntents('How long is delivery from Kyiv to Lviv, express?')).toEqual([
      { kind: 'incomplete_price', missing: ['weight_kg'], origin: 'Київ', destination: 'Львів', service: 'express' },
    ]);
    expect(extractIntents('5 kg from Kyiv')).toEqual([{ kind: 'incomplete_price', missing: ['destination'], origin: 'Київ', weightKg: 5 }]);
  });

  it('never turns a negated or noun "cancel" into a cancellation', () => {
    expect(extractIntents('не скасовуй TTN-000004')).toEqual([{ kind: 'track', trackingId: 'TTN-000004' }]);
    expect(extractIntents("don't cancel TTN-000004")).toEqual([{ kind: 'track', trackingId: 'TTN-000004' }]);
    expect(extractIntents('Статус скасування TTN-000006')).toEqual([{ kind: 'track', trackingId: 'TTN-000006' }]);
  });

  it('keeps an intent asked twice once', () => {
    expect(extractIntents('Де TTN-000001? Статус TTN-000001')).toEqual([{ kind: 'track', trackingId: 'TTN-000001' }]);
  });

  it('locates each intent in the request', () => {
    expect(locateIntents('Статус TTN-000001 і залишок SKU-1001').map((l) => l.source)).toEqual(['Статус TTN-000001', 'залишок SKU-1001']);
  });
});
