import { z } from 'zod';
import { describeCities, normaliseCity } from '../cities.js';
import { MAX_DECLARED_VALUE_UAH, MAX_WEIGHT_KG } from '../limits.js';
import { quoteDelivery } from '../pricing.js';
import { normaliseService, SERVICES } from '../services.js';
import type { Service } from '../services.js';
import type { ToolResult } from '../tool-result.js';
import { errorEnvelope } from '../tool-result.js';
import { checkArgs, inFieldOrder } from '../validation/check-args.js';
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
  // Schema and domain problems together: a caller fixes every field in one round.
  const { value: args, fields, problems } = checkArgs(CalcDeliveryInput, raw);
  const city = (field: 'origin' | 'destination') => {
    const text = fields[field];
    if (text === undefined) return undefined;
    const damaged = textProblems(field, text);
    problems.push(...damaged);
    const found = damaged.length === 0 ? normaliseCity(text) : undefined;
    if (damaged.length === 0 && !found) problems.push(`${field}: unknown city ${quoteValue(text)}; expected one of ${describeCities()}`);
    return found;
  };
  const origin = city('origin');
  const destination = city('destination');
  let service: Service | undefined;
  if (fields.service !== undefined) {
    const damaged = textProblems('service', fields.service);
    problems.push(...damaged);
    service = damaged.length === 0 ? normaliseService(fields.service) : undefined;
    if (damaged.length === 0 && !service) problems.push(`service: unknown service ${quoteValue(fields.service)}; expected one of ${SERVICES.join(', ')}`);
  }
  if (origin && destination && origin === destination) {
    problems.push(`destination: must differ from origin (both are ${origin})`);
  }
  // The service's weight limit is known without the cities, so it is checked with the rest.
  const tariff = service ? await context.store.getTariff(service) : undefined;
  if (service && tariff && fields.weight_kg !== undefined && fields.weight_kg > tariff.maxWeightKg) {
    const weight = fields.weight_kg;
    // Suggest only services whose own limit takes this weight.
    const others: Service[] = [];
    for (const other of SERVICES) {
      const limit = other === service ? undefined : (await context.store.getTariff(other))?.maxWeightKg;
      if (limit !== undefined && weight <= limit) others.push(other);
    }
    const hint = others.length > 0 ? `; try ${others.join(' or ')}` : '; no service takes this weight';
    problems.push(`weight_kg: ${weight} kg is over the ${service} limit of ${tariff.maxWeightKg} kg${hint}`);
  }
  if (!args || !origin || !destination || !service || problems.length > 0) return errorEnvelope(inFieldOrder(CalcDeliveryInput, problems));

  const distanceKm = await context.store.distanceKm(origin, destination);
  if (!tariff || distanceKm === undefined) return errorEnvelope([`service: no tariff for ${service} between ${origin} and ${destination}`]);
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
