import { canonicalJson, normaliseCity, normaliseSku, normaliseTrackingId } from '../../domain/index.js';

const NORMALISERS: Readonly<Record<string, (value: string) => string | undefined>> = {
  tracking_id: normaliseTrackingId,
  sku: normaliseSku,
  origin: normaliseCity,
  destination: normaliseCity,
  warehouse: normaliseCity,
  service: (value) => value.trim().toLowerCase(),
};

function normalised(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args).map(([field, value]) => {
      const normalise = NORMALISERS[field];
      return [field, typeof value === 'string' && normalise ? (normalise(value) ?? value) : value];
    }),
  );
}

/**
 * When two calls are "the same call", so a call already made is never repeated. Arguments are compared
 * as the server normalises them (a model's `ttn-000001` equals our `TTN-000001`). A cancellation is the
 * same call for the same shipment whatever its refund or reason: a human may have edited those while
 * approving, and a second irreversible call must never follow.
 */
export function callKey(name: string, args: Readonly<Record<string, unknown>>): string {
  const canonical = normalised(args);
  if (name === 'cancel_shipment') return `${name}|${String(canonical.tracking_id)}`;
  return `${name}|${canonicalJson(canonical)}`;
}
