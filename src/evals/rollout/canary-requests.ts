/** Shipments a user of the experiment may ask to cancel (the fixtures not delivered or cancelled). */
const CANCELLABLE = ['TTN-000004', 'TTN-000010', 'TTN-000012', 'TTN-000009', 'TTN-000011', 'TTN-000013', 'TTN-000014'];

/** One request of the experiment: who asks, what, and the shipment a cancellation names (the human approves only that one). */
export interface CanaryRequest {
  user: string;
  input: string;
  cancels?: string;
}

/**
 * The experiment's traffic, the same on every run of it: tracking questions over the fourteen fixture
 * shipments, stock and pricing questions, and now and then a cancellation (each cancellable shipment
 * once), each from one of `users` users in an order that spreads them over the canary and the rest.
 */
export function canaryRequests(count: number, users: number): CanaryRequest[] {
  const requests: CanaryRequest[] = [];
  let cancellations = 0;
  for (let i = 0; i < count; i += 1) {
    const user = `user-${String((i * 7919 + 13) % users).padStart(4, '0')}`;
    const shipment = `TTN-${String((i % 14) + 1).padStart(6, '0')}`;
    const target = CANCELLABLE[cancellations];
    if (i % 15 === 7 && target) {
      cancellations += 1;
      requests.push({ user, input: `Скасуй ${target}, клієнт відмовився, поверни 100 грн`, cancels: target });
    } else if (i % 7 === 3) requests.push({ user, input: 'Скільки SKU-1001 на складах?' });
    else if (i % 11 === 5) requests.push({ user, input: 'Вартість 8 кг Одеса→Харків express' });
    else requests.push({ user, input: `Де зараз посилка ${shipment}?` });
  }
  return requests;
}
