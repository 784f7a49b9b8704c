import type { City, Service } from '../../domain/index.js';

/** A price field the user must still give before a quote can be made. */
export type PriceField = 'weight_kg' | 'origin' | 'destination';

/**
 * One thing the request asks for, with canonical values (TTN-000001, cities in Ukrainian, lower-case
 * service). `focus` only shapes the answer; `refundUah` absent on a cancel means "look up what was paid".
 */
export type Intent =
  | { kind: 'track'; trackingId: string; focus?: 'delay' | 'history' }
  | { kind: 'stock'; sku: string; warehouse?: City; minQty?: number }
  | {
      kind: 'price';
      origin: City;
      destination: City;
      weightKg: number;
      service: Service;
      /** True when the request named no service and standard was taken. */
      serviceAssumed: boolean;
      declaredValueUah?: number;
    }
  | { kind: 'cancel'; trackingId: string; refundUah?: number; reason: string }
  | {
      kind: 'incomplete_price';
      missing: PriceField[];
      /** Places the route names that the network does not serve, as written («Варшави», "Warsaw"). */
      unserved?: string[];
      origin?: City;
      destination?: City;
      weightKg?: number;
      service?: Service;
    };

/** An intent with the part of the request it came from, so a supervisor can forward just that part. */
export interface LocatedIntent {
  intent: Intent;
  source: string;
}
