import { z } from 'zod';
import { describeCities, normaliseCity } from '../cities.js';
import { MAX_DECLARED_VALUE_UAH, MAX_WEIGHT_KG } from '../limits.js';
import { quoteDelivery } from '../pricing.js';
import { normaliseService, SERVICES } from '../services.js';
import type { Service } from '../services.js';
import type { ToolResult } from '../tool-result.js';
import { errorEnvelope } from '../tool-result.js';
import { parseArgs } from '../validation/parse-args.js';
import { quoteValue, textProblems } from '../validation/problems.js';
import type { OperationContext } from './operation-context.js';

const cityField = (role: string) =>
  z.string().max(64).describe(`${role} city: Київ, Львів, Одеса, Харків or Дніпро (English names such as Odesa accepted)`);

export const CalcDeliveryInput = z.strictObject({
  origin: cityField('Origin'),
  destination: cityField('Destination (must differ from origin)'),
  weight_kg: z.number().gt(0).max(MAX_WEIGHT_KG).describe('Parcel weight in kg, greater than 0 (overnight takes at most 10 kg)'),
  service: z.string().max(32).describe(`Delivery service: ${SERVICES.join(', ')}`),
  declared_value_uah: z
    .number()
    .min(0)
    .max(MAX_DECLARED_VALUE_UAH)
    .optional()
    .describe('Declared value in UAH for insurance (0.5 % of it is added to the price)'),
});
export type CalcDeliveryInput = z.infer<typeof CalcDeliveryInput>;

/** Price (with its arithmetic) and delivery time between two cities for one parcel and service. */
export async function calcDelivery(context: OperationContext, raw: unknown): Promise<ToolResult> {
  const parsed = parseArgs(CalcDeliveryInput, raw);
  if (!parsed.success) return errorEnvelope(parsed.problems);
  const args = parsed.value;
  const problems = [
    ...textProblems('origin', args.origin),
    ...textProblems('destination', args.destination),
    ...textProblems('service', args.service),
  ];
  if (problems.length > 0) return errorEnvelope(problems);

  const origin = normaliseCity(args.origin);
  const destination = normaliseCity(args.destination);
  const service = normaliseService(args.service);
  if (!origin) problems.push(`origin: unknown city ${quoteValue(args.origin)}; expected one of ${describeCities()}`);
  if (!destination) problems.push(`destination: unknown city ${quoteValue(args.destination)}; expected one of ${describeCities()}`);
  if (!service) problems.push(`service: unknown service ${quoteValue(args.service)}; expected one of ${SERVICES.join(', ')}`);
  if (origin && destination && origin === destination) {
    problems.push(`destination: must differ from origin (both are ${origin})`);
  }
  if (!origin || !destination || !service || problems.length > 0) return errorEnvelope(problems);

  const tariff = await context.store.getTariff(service);
  const distanceKm = await context.store.distanceKm(origin, destination);
  if (!tariff || distanceKm === undefined) return errorEnvelope([`service: no tariff for ${service} between ${origin} and ${destination}`]);
  if (args.weight_kg > tariff.maxWeightKg) {
    // Suggest only services whose own limit takes this weight.
    const others: Service[] = [];
    for (const other of SERVICES) {
      const limit = other === service ? undefined : (await context.store.getTariff(other))?.maxWeightKg;
      if (limit !== undefined && args.weight_kg <= limit) others.push(other);
    }
    const hint = others.length > 0 ? `; try ${others.join(' or ')}` : '; no service takes this weight';
    return errorEnvelope([`weight_kg: ${args.weight_kg} kg is over the ${service} limit of ${tariff.maxWeightKg} kg${hint}`]);
  }
  const quote = quoteDelivery(tariff, distanceKm, args.weight_kg, args.declared_value_uah ?? 0);
  return {
    status: 'ok',
    origin,
    destination,
    service,
    weight_kg: args.weight_kg,
    distance_km: distanceKm,
    ...(args.declared_value_uah !== undefined && { declared_value_uah: args.declared_value_uah }),
    price_uah: quote.totalUah,
    breakdown: {
      base_uah: quote.baseUah,
      weight_uah: quote.weightUah,
      distance_uah: quote.distanceUah,
      insurance_uah: quote.insuranceUah,
    },
    formula: quote.formula,
    delivery_days: quote.deliveryDays,
  };
}
