import type { Tariff } from './entities.js';

/** A price with the parts that make it up, so an answer can show its arithmetic. */
export interface Quote {
  baseUah: number;
  weightUah: number;
  distanceUah: number;
  insuranceUah: number;
  totalUah: number;
  deliveryDays: number;
  /** The arithmetic in one line, e.g. `120 + 22 × 8 + 0.45 × 700 = 611`. */
  formula: string;
}

const roundUah = (value: number): number => Math.round(value * 100) / 100;

/**
 * Prices one parcel: base + per-kg × weight + per-km × distance, plus insurance on the declared value.
 * Inputs are assumed valid (positive weight within the tariff's limit, known distance).
 */
export function quoteDelivery(tariff: Tariff, distanceKm: number, weightKg: number, declaredValueUah = 0): Quote {
  const baseUah = tariff.baseUah;
  const weightUah = roundUah(tariff.perKgUah * weightKg);
  const distanceUah = roundUah(tariff.perKmUah * distanceKm);
  const insuranceUah = roundUah(tariff.insuranceRate * declaredValueUah);
  const totalUah = roundUah(baseUah + weightUah + distanceUah + insuranceUah);
  const insurancePart = insuranceUah > 0 ? ` + ${tariff.insuranceRate} × ${declaredValueUah}` : '';
  const formula = `${baseUah} + ${tariff.perKgUah} × ${weightKg} + ${tariff.perKmUah} × ${distanceKm}${insurancePart} = ${totalUah}`;
  return { baseUah, weightUah, distanceUah, insuranceUah, totalUah, deliveryDays: deliveryDays(tariff.service, distanceKm), formula };
}

/** Overnight is next day anywhere; express adds a day past 600 km; standard a day per 400 km after the first. */
export function deliveryDays(service: Tariff['service'], distanceKm: number): number {
  switch (service) {
    case 'overnight':
      return 1;
    case 'express':
      return distanceKm > 600 ? 2 : 1;
    case 'standard':
      return 1 + Math.ceil(distanceKm / 400);
  }
}
