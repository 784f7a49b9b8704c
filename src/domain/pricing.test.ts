import { describe, expect, it } from 'vitest';
import { FIXTURE_TARIFFS } from './fixtures/tariffs.js';
import { deliveryDays, quoteDelivery } from './pricing.js';

const tariff = (service: string) => {
  const found = FIXTURE_TARIFFS.find((t) => t.service === service);
  if (!found) throw new Error(`no tariff ${service}`);
  return found;
};

describe('quoteDelivery', () => {
  it('prices 8 kg Odesa to Kharkiv (700 km) express at 611 UAH, showing the arithmetic', () => {
    const quote = quoteDelivery(tariff('express'), 700, 8);
    expect(quote).toMatchObject({ baseUah: 120, weightUah: 176, distanceUah: 315, insuranceUah: 0, totalUah: 611 });
    expect(quote.formula).toBe('120 + 22 × 8 + 0.45 × 700 = 611');
  });

  it('adds 0.5 % of the declared value as insurance', () => {
    const quote = quoteDelivery(tariff('express'), 700, 8, 10_000);
    expect(quote.insuranceUah).toBe(50);
    expect(quote.totalUah).toBe(661);
  });

  it('rounds to kopecks without float noise', () => {
    expect(quoteDelivery(tariff('standard'), 215, 0.3).totalUah).toBe(129);
    expect(quoteDelivery(tariff('standard'), 475, 1.1).totalUah).toBe(219);
  });
});

describe('deliveryDays', () => {
  it('is one day overnight, one or two express, and grows with distance for standard', () => {
    expect(deliveryDays('overnight', 1020)).toBe(1);
    expect(deliveryDays('express', 540)).toBe(1);
    expect(deliveryDays('express', 700)).toBe(2);
    expect(deliveryDays('standard', 215)).toBe(2);
    expect(deliveryDays('standard', 1020)).toBe(4);
  });
});
