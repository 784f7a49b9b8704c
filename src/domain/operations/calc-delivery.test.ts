import { afterEach, describe, expect, it } from 'vitest';
import { SqliteDomainStore } from '../store/sqlite-domain-store.js';
import { calcDelivery } from './calc-delivery.js';

const stores: SqliteDomainStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

function context() {
  const store = SqliteDomainStore.open(':memory:');
  stores.push(store);
  return { store, now: () => new Date('2026-11-30T10:00:00Z') };
}

describe('calcDelivery over a service’s weight limit', () => {
  it('suggests only the services whose own limit takes the weight', async () => {
    const ctx = context();
    expect(await calcDelivery(ctx, { origin: 'Київ', destination: 'Львів', weight_kg: 31, service: 'express' })).toEqual({
      status: 'error',
      problems: ['weight_kg: 31 kg is over the express limit of 30 kg; try standard'],
    });
    expect(await calcDelivery(ctx, { origin: 'Київ', destination: 'Львів', weight_kg: 12, service: 'overnight' })).toEqual({
      status: 'error',
      problems: ['weight_kg: 12 kg is over the overnight limit of 10 kg; try standard or express'],
    });
  });
});
