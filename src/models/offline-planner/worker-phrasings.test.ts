import { describe, expect, it } from 'vitest';
import { planNextMessage } from './plan-next-message.js';
import { callsOf, domainTools, user } from './planner-test-kit.js';

type Expected = Array<{ name: string; args: Record<string, unknown> }>;

const track = (id: string) => ({ name: 'track_shipment', args: { tracking_id: id } });
const stock = (args: Record<string, unknown>) => ({ name: 'check_stock', args });
const price = (args: Record<string, unknown>) => ({ name: 'calc_delivery', args });

// The first assistant message a worker holding all four tools sends for each request.
const PHRASINGS: ReadonlyArray<readonly [string, Expected]> = [
  // tracking, Ukrainian
  ['Де зараз посилка TTN-000001?', [track('TTN-000001')]],
  ['ttn-000002 статус', [track('TTN-000002')]],
  ['Відстеж ТТН-000003', [track('TTN-000003')]],
  ['Чому затримується TTN-000005?', [track('TTN-000005')]],
  ['Покажи історію TTN-000005', [track('TTN-000005')]],
  ['Де TTN-000001 і TTN-000007?', [track('TTN-000001'), track('TTN-000007')]],
  ['не скасовуй TTN-000004, просто перевір статус', [track('TTN-000004')]],
  ['Скільки коштувала доставка TTN-000001?', [track('TTN-000001')]],
  // tracking, English
  ['Where is TTN-000001?', [track('TTN-000001')]],
  ['why is TTN-000005 delayed', [track('TTN-000005')]],
  ['track ttn 000007 please', [track('TTN-000007')]],
  ['ignore the previous parcel, track TTN-000002', [track('TTN-000002')]],
  ['Status of TTN-000001, TTN-000002 and TTN-000003', [track('TTN-000001'), track('TTN-000002'), track('TTN-000003')]],
  ['Is TTN-000006 cancelled?', [track('TTN-000006')]],
  // stock, Ukrainian
  ['Скільки ноутбуків SKU-1001 на складах?', [stock({ sku: 'SKU-1001' })]],
  ['Скільки SKU-1001 на складах?', [stock({ sku: 'SKU-1001' })]],
  ['Чи є 10 моніторів SKU-1002 у Києві?', [stock({ sku: 'SKU-1002', warehouse: 'Київ', min_qty: 10 })]],
  ['Залишок клавіатур у Львові', [stock({ sku: 'SKU-1003', warehouse: 'Львів' })]],
  ['Скільки мишей в Одесі?', [stock({ sku: 'SKU-1004', warehouse: 'Одеса' })]],
  ['Чи є в наявності роутери в Дніпрі?', [stock({ sku: 'SKU-1005', warehouse: 'Дніпро' })]],
  ['Принтери у Харкові — скільки?', [stock({ sku: 'SKU-1006', warehouse: 'Харків' })]],
  ['ДБЖ є на складі?', [stock({ sku: 'SKU-1007' })]],
  ['sku-1003 Київ', [stock({ sku: 'SKU-1003', warehouse: 'Київ' })]],
  // stock, English
  ['How many laptops are in stock?', [stock({ sku: 'SKU-1001' })]],
  ['Do you have 10 monitors in Kyiv?', [stock({ sku: 'SKU-1002', warehouse: 'Київ', min_qty: 10 })]],
  ['stock of SKU-1004 in Lviv', [stock({ sku: 'SKU-1004', warehouse: 'Львів' })]],
  ['Are there at least 5 routers in Odesa?', [stock({ sku: 'SKU-1005', warehouse: 'Одеса', min_qty: 5 })]],
  ['How many mice in Kharkiv?', [stock({ sku: 'SKU-1004', warehouse: 'Харків' })]],
  // pricing, Ukrainian
  ['Вартість 8 кг Одеса→Харків express', [price({ origin: 'Одеса', destination: 'Харків', weight_kg: 8, service: 'express' })]],
  ['Скільки коштує доставка 3,5 кг з Києва до Львова?', [price({ origin: 'Київ', destination: 'Львів', weight_kg: 3.5, service: 'standard' })]],
  ['Ціна доставки 2кг Київ-Дніпро експрес', [price({ origin: 'Київ', destination: 'Дніпро', weight_kg: 2, service: 'express' })]],
  [
    'Доставка з Одеси до Харкова, 8 кг, експрес, оголошена цінність 2000 грн',
    [price({ origin: 'Одеса', destination: 'Харків', weight_kg: 8, service: 'express', declared_value_uah: 2000 })],
  ],
  ['Порахуй нічну доставку 5 кг зі Львова до Києва', [price({ origin: 'Львів', destination: 'Київ', weight_kg: 5, service: 'overnight' })]],
  // pricing, English
  ['How much is 3 kg Kyiv to Lviv express?', [price({ origin: 'Київ', destination: 'Львів', weight_kg: 3, service: 'express' })]],
  ['quote 10 kg from Lviv to Dnipro, standard', [price({ origin: 'Львів', destination: 'Дніпро', weight_kg: 10, service: 'standard' })]],
  ['Price for 1.5 kg Odesa to Kharkiv next day', [price({ origin: 'Одеса', destination: 'Харків', weight_kg: 1.5, service: 'overnight' })]],
  [
    'shipping cost 4 kg to Kharkiv from Kyiv, declared value 5 000 UAH',
    [price({ origin: 'Київ', destination: 'Харків', weight_kg: 4, service: 'standard', declared_value_uah: 5000 })],
  ],
  // cancellation
  ['Скасуй TTN-000004, клієнт відмовився, поверни 720 грн', [track('TTN-000004')]],
  ['Скасувати TTN-000004 з поверненням 500 грн', [track('TTN-000004')]],
  ['Cancel TTN-000004 because the customer refused, refund 720 UAH', [track('TTN-000004')]],
  ['please cancel ttn-000004, refund 300', [track('TTN-000004')]],
  ['Скасуй TTN-000004', [track('TTN-000004')]],
  ['Скасуй, будь ласка, TTN-000007, причина: помилкова адреса', [track('TTN-000007')]],
  ['Скасуйте відправлення TTN-000012 — клієнт передумав, поверніть 373.5 грн', [track('TTN-000012')]],
  ['Refund 720 UAH and cancel TTN-000004', [track('TTN-000004')]],
  // more stock and pricing
  ['скільки принтерів і ДБЖ у Києві', [stock({ sku: 'SKU-1006', warehouse: 'Київ' }), stock({ sku: 'SKU-1007', warehouse: 'Київ' })]],
  ['Мені треба 50 клавіатур у Харкові', [stock({ sku: 'SKU-1003', warehouse: 'Харків', min_qty: 50 })]],
  ['Is there enough stock of SKU-1003 for 100 units in Lviv?', [stock({ sku: 'SKU-1003', warehouse: 'Львів', min_qty: 100 })]],
  ['what does it cost to ship 2 kg from Kyiv to Odesa overnight', [price({ origin: 'Київ', destination: 'Одеса', weight_kg: 2, service: 'overnight' })]],
  ['Скільки коштує доставка 5 кг з Харкова в Дніпро експресом?', [price({ origin: 'Харків', destination: 'Дніпро', weight_kg: 5, service: 'express' })]],
  // several intents in one request
  ['Track TTN-000001 then cancel TTN-000004 with refund 720 UAH', [track('TTN-000001'), track('TTN-000004')]],
  ['Статус TTN-000001 і залишок SKU-1001', [track('TTN-000001'), stock({ sku: 'SKU-1001' })]],
  [
    'where is TTN-000002 and how much is 3 kg Kyiv to Lviv express?',
    [track('TTN-000002'), price({ origin: 'Київ', destination: 'Львів', weight_kg: 3, service: 'express' })],
  ],
  [
    'Скасуй TTN-000004 і поверни 720 грн, а також залишок SKU-1002 у Києві',
    [track('TTN-000004'), stock({ sku: 'SKU-1002', warehouse: 'Київ' })],
  ],
  [
    'Статус TTN-000001. З Одеси до Харкова, 8 кг',
    [track('TTN-000001'), price({ origin: 'Одеса', destination: 'Харків', weight_kg: 8, service: 'standard' })],
  ],
];

describe('worker position: the first message for each phrasing', () => {
  it('covers at least 40 distinct phrasings', () => {
    expect(new Set(PHRASINGS.map(([request]) => request)).size).toBeGreaterThanOrEqual(40);
  });

  it.each(PHRASINGS)('%s', (request, expected) => {
    const reply = planNextMessage([user(request)], domainTools());
    expect(callsOf(reply)).toEqual(expected);
  });

  it('numbers the calls of one message call_0, call_1 …', () => {
    const reply = planNextMessage([user('Статус TTN-000001 і залишок SKU-1001')], domainTools());
    expect(reply.kind === 'tool_calls' && reply.toolCalls.map((call) => call.id)).toEqual(['call_0', 'call_1']);
  });

  it('calls only the offered tools and leaves the rest to other workers', () => {
    const reply = planNextMessage([user('Статус TTN-000001 і залишок SKU-1001')], domainTools(['check_stock']));
    expect(callsOf(reply)).toEqual([stock({ sku: 'SKU-1001' })]);
  });

  it('reads a message given as content parts', () => {
    const parts = [{ type: 'text', text: 'Де зараз посилка TTN-000001?' }] as unknown as string;
    expect(callsOf(planNextMessage([{ role: 'user', content: parts }], domainTools()))).toEqual([track('TTN-000001')]);
  });
});
