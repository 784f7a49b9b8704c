// The questions a new user asks in the first hour (issue 21), answered offline: policy questions from
// the knowledge base, malformed identifiers, misspelt cities, amounts in their usual written forms, and
// answers in the language of the request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CORPUS_DIR, KnowledgeBase } from '../../knowledge/index.js';
import type { OfferedTool } from './chat-types.js';
import { planNextMessage } from './plan-next-message.js';
import { agentTool, answerOf, callsOf, domainRunner, domainTools, runLoop, user, WORKER_TOOLS } from './planner-test-kit.js';

const AGENTS: OfferedTool[] = [agentTool('tracking_agent'), agentTool('warehouse_agent'), agentTool('pricing_agent')];
const SEARCH: OfferedTool = { type: 'function', function: { name: 'search_policies', parameters: { type: 'object', properties: { query: { type: 'string' } } } } };

let kb: KnowledgeBase;
let runner: ReturnType<typeof domainRunner>;
beforeAll(async () => {
  kb = await KnowledgeBase.open({ path: ':memory:', seedCorpus: BUNDLED_CORPUS_DIR });
  runner = domainRunner();
});
afterAll(async () => {
  await kb.close();
  await runner.close();
});

// A worker with its domain tools and search_policies, the search answered by the real knowledge base
// under that worker's scopes, as the MCP server serves it.
async function askWorker(agent: string, question: string): Promise<{ answer: string; calls: string[] }> {
  const run = async (name: string, args: Record<string, unknown>): Promise<string> => {
    if (name !== 'search_policies') return runner.run(name, args);
    const result = await kb.searchPolicies({ agent, query: String(args.query), limit: Number(args.limit ?? 5) });
    return JSON.stringify({ status: 'ok', access: result.access, hits: result.hits.map((h) => ({ doc_id: h.doc_id, title: h.title, scope: h.scope, passage: h.for_model })) });
  };
  const { final, calls } = await runLoop([user(question)], [...domainTools(WORKER_TOOLS[agent]), SEARCH], run);
  return { answer: answerOf(final), calls: calls.map((c) => c.name) };
}

const delegation = (question: string) => callsOf(planNextMessage([user(question)], AGENTS));
const firstCalls = (question: string) => callsOf(planNextMessage([user(question)], domainTools()));
const LATIN_WORD = /\b[A-Za-z]{3,}\b/g;
// Latin words a Ukrainian answer may carry: ids, brands and models from the product catalogue.
const LATIN_ALLOWED = new Set(['TTN', 'SKU', 'Lenovo', 'ThinkPad', 'Dell', 'Logitech', 'APC', 'TP-Link', 'Link', 'Archer', 'HP', 'LaserJet', 'Pro', 'Back']);

describe('policy questions are answered from the knowledge base, citing the document', () => {
  const QUESTIONS: ReadonlyArray<readonly [question: string, agent: string, doc: RegExp, language: 'uk' | 'en']> = [
    ['what is your refund policy?', 'tracking_agent', /refunds-policy/, 'en'],
    ['Яка ваша політика повернення коштів?', 'tracking_agent', /refunds-|customer-cancellation-faq/, 'uk'],
    ['Чи можна скасувати вже вручене відправлення? Що каже політика?', 'tracking_agent', /customer-cancellation-faq/, 'uk'],
    ['Can I send lithium batteries?', 'tracking_agent', /lithium|prohibited/, 'en'],
    ['Чи можна надіслати літієві батареї?', 'tracking_agent', /customer-prohibited-goods/, 'uk'],
    ['How long does express delivery take?', 'pricing_agent', /tariffs-delivery-times|tariffs-express/, 'en'],
    ['What is the weight limit for overnight delivery?', 'pricing_agent', /tariffs-/, 'en'],
    ['Які вимоги до пакування відправлень?', 'tracking_agent', /customer-packaging/, 'uk'],
    ['Як працює страхування відправлень?', 'pricing_agent', /tariffs-insurance/, 'uk'],
    ['Which warehouses do you have?', 'warehouse_agent', /operations-/, 'en'],
    ['Коли надійдуть кошти після скасування?', 'tracking_agent', /refunds-timelines/, 'uk'],
    // A product named with a rule for sending it asks the rule, not the stock.
    ['How do I pack a laptop?', 'tracking_agent', /customer-packaging/, 'en'],
  ];

  it.each(QUESTIONS)('%j goes whole to the worker whose scopes hold it', (question, agent) => {
    expect(delegation(question)).toEqual([{ name: agent, args: { request: question } }]);
  });

  it.each(QUESTIONS)('%j: the worker searches once and cites the document in the language asked', async (question, agent, doc, language) => {
    const { answer, calls } = await askWorker(agent, question);
    expect(calls).toEqual(['search_policies']);
    expect(answer).toMatch(doc);
    expect(answer).toMatch(language === 'uk' ? /^Згідно з документом «/ : /^According to the policy "/);
  });

  it('answers a question about weapons from the prohibited goods, written in Ukrainian, and says so', async () => {
    expect(delegation('Are weapons allowed in parcels?')).toEqual([{ name: 'tracking_agent', args: { request: 'Are weapons allowed in parcels?' } }]);
    const { answer } = await askWorker('tracking_agent', 'Are weapons allowed in parcels?');
    expect(answer).toMatch(/^The answer is in the document customer-prohibited-goods \(written in Ukrainian\)/);
  });

  it('says so when the asking worker may not read the topic (deny-by-default holds)', async () => {
    const { answer } = await askWorker('warehouse_agent', 'Коли надійдуть кошти після скасування? Яка політика повернень?');
    expect(answer).not.toMatch(/refunds-/);
  });

  it('still declines questions outside the domain and the policies', () => {
    for (const question of ['Tell me a joke', 'Скільки коштує ноутбук?', 'What is the weather in Kyiv tomorrow?']) {
      expect(planNextMessage([user(question)], AGENTS).kind).toBe('not_understood');
    }
  });
});

describe('malformed identifiers are explained, not sent to a tool', () => {
  const CASES: ReadonlyArray<readonly [string, RegExp]> = [
    ['Where is TTN-123?', /^"TTN-123" is not a tracking number: a tracking number is TTN- followed by six digits/],
    ['Де посилка ТТН-12345?', /^«ТТН-12345» — не номер відправлення: номер складається з TTN- і шести цифр/],
    ['track TTN 1234567', /^"TTN 1234567" is not a tracking number/],
    ['Скасуй TTN-0004', /^«TTN-0004» — не номер відправлення/],
    ['How many SKU-10011 are in stock?', /^"SKU-10011" is not a SKU: a SKU is SKU- followed by four digits/],
    ['Скільки SKU-12 на складі?', /^«SKU-12» — не артикул/],
  ];

  it.each(CASES)('supervisor position: %j', (question, note) => {
    expect(answerOf(planNextMessage([user(question)], AGENTS))).toMatch(note);
  });

  it.each(CASES)('worker position: %j', (question, note) => {
    expect(answerOf(planNextMessage([user(question)], domainTools()))).toMatch(note);
  });

  it('answers the well-formed part and explains the malformed one', async () => {
    const { final, calls } = await runLoop([user('Where is TTN-000002? And TTN-12?')], domainTools(), runner.run);
    expect(calls).toEqual([{ name: 'track_shipment', args: { tracking_id: 'TTN-000002' } }]);
    expect(answerOf(final)).toMatch(/Shipment TTN-000002[\s\S]*"TTN-12" is not a tracking number/);
  });
});

describe('misspelt cities in both scripts', () => {
  const price = (origin: string, destination: string, weight: number, service: string) => [{ name: 'calc_delivery', args: { origin, destination, weight_kg: weight, service } }];
  const CASES: ReadonlyArray<readonly [string, ReturnType<typeof price>]> = [
    ['from odesa to harkiv express 8 kg', price('Одеса', 'Харків', 8, 'express')],
    ['8 kg from Odessa to Kharkov', price('Одеса', 'Харків', 8, 'standard')],
    ['5 kg Kyev to Lvov', price('Київ', 'Львів', 5, 'standard')],
    ['price 2 kg from kiev to dnipor', price('Київ', 'Дніпро', 2, 'standard')],
    ['price 2 kg from Lviv to Kharkv express', price('Львів', 'Харків', 2, 'express')],
    ['3 кг з Одесси до Харкова', price('Одеса', 'Харків', 3, 'standard')],
    ['Скільки коштує 8 кг з Адеси в Харкив експрес', price('Одеса', 'Харків', 8, 'express')],
    ['Вартість 4 кг з Київа у Дніпро', price('Київ', 'Дніпро', 4, 'standard')],
    ['Скільки коштує 8 кг з одесы в харьков', price('Одеса', 'Харків', 8, 'standard')],
  ];

  it.each(CASES)('%j', (question, expected) => {
    expect(firstCalls(question)).toEqual(expected);
  });

  it('"from odesa to harkiv express" asks only for the weight, in both languages', () => {
    expect(answerOf(planNextMessage([user('from odesa to harkiv express')], domainTools()))).toBe(
      'To quote the delivery, please tell me the parcel weight (kg). Cities served: Kyiv, Lviv, Odesa, Kharkiv, Dnipro.',
    );
    expect(answerOf(planNextMessage([user('з одеси до харкова експресом')], domainTools()))).toMatch(/^Щоб розрахувати вартість доставки, вкажіть: вагу посилки \(кг\)\./);
  });
});

describe('a route to or from a city the network does not serve', () => {
  it.each([
    ['How much to ship 5 kg from Kyiv to Warsaw?', 'Waybill does not deliver to or from Warsaw: the network is Kyiv, Lviv, Odesa, Kharkiv and Dnipro. To quote the delivery, please tell me the destination city.'],
    ['Скільки коштує доставка 3 кг з Києва до Варшави?', 'Маршрут через «Варшави» Waybill не обслуговує: мережа — Київ, Львів, Одеса, Харків, Дніпро. Щоб розрахувати вартість доставки, вкажіть: місто призначення.'],
    ['Сколько стоит доставка 2 кг из Минска в Киев?', 'Маршрут через «Минска» Waybill не обслуживает: сеть — Киев, Львов, Одесса, Харьков, Днепр. Чтобы рассчитать стоимость доставки, укажите: город отправления.'],
  ])('says the place is not served instead of asking for it as if unnamed: %s', (question, start) => {
    expect(answerOf(planNextMessage([user(question)], domainTools()))).toContain(start);
  });

  it('takes no carrier, weekday or served city after "to" for an unserved place', () => {
    for (const question of ['Скільки коштує доставка до Нової Пошти у Львові 2 кг?', 'How much to ship 2 kg to Lviv by Friday?']) {
      expect(answerOf(planNextMessage([user(question)], domainTools()))).not.toMatch(/network|мережа|сеть/);
    }
  });
});

describe('amounts in their usual written forms', () => {
  const CASES: ReadonlyArray<readonly [string, number]> = [
    ['Скасуй TTN-000010, поверни 6 200 грн', 6200],
    ['Cancel TTN-000010, refund UAH 6,200', 6200],
    ['Cancel TTN-000010 and refund 6,200', 6200],
    ['cancel TTN-000010, refund 1.5k', 1500],
    ['cancel TTN-000010, refund 1e4 UAH', 10000],
    ['Скасуй TTN-000010, поверни 2 тис. грн', 2000],
    ['cancel TTN-000010 refund 6,200.50 UAH', 6200.5],
    ['Скасуй TTN-000010, поверни 6 200,50 грн', 6200.5],
    ['Скасуй TTN-000010, поверни 3,5 грн', 3.5],
    ['Cancel TTN-000010, refund ₴1,250', 1250],
  ];

  // Each on a fresh store: a refund under the cap really cancels the parcel.
  it.each(CASES)('%j refunds %d', async (question, refund) => {
    const fresh = domainRunner();
    try {
      const { calls } = await runLoop([user(question)], domainTools(), fresh.run);
      expect(calls.find((c) => c.name === 'cancel_shipment')?.args.refund_uah).toBe(refund);
    } finally {
      await fresh.close();
    }
  });

  it('never reads "1e4" as 1: the approver sees 10000 and the cap refuses it', async () => {
    const { final, calls } = await runLoop([user('cancel TTN-000010, refund 1e4 UAH')], domainTools(), runner.run);
    expect(calls.map((c) => c.args.refund_uah).filter((v) => v !== undefined)).toEqual([10000]);
    expect(answerOf(final)).toContain('10000 UAH is over the automatic refund cap of 5000 UAH');
  });
});

describe('answers in the language of the request, without mixing', () => {
  const ENGLISH = ['Where is TTN-000005?', 'Status of TTN-000003', 'How many laptops in Kyiv?', 'Price 8 kg Odesa to Kharkiv express', 'Where is TTN-999999?', 'history of TTN-000002'];
  const UKRAINIAN = ['Де посилка TTN-000005?', 'Скільки ноутбуків у Києві?', 'Вартість 8 кг з Одеси до Харкова експрес', 'Де TTN-999999?', 'Скільки SKU-9999?', 'Ціна 12 кг з Києва до Львова нічна доставка', 'Скасуй TTN-000010, поверни 6200 грн'];

  it.each(ENGLISH)('%j: no Ukrainian outside a quote marked as a record', async (question) => {
    const { final } = await runLoop([user(question)], domainTools(), runner.run);
    const outsideQuotes = answerOf(final).replace(/"[^"]*" \(recorded in Ukrainian\)/g, '');
    expect(outsideQuotes).not.toMatch(/\p{Script=Cyrillic}/u);
  });

  it.each(UKRAINIAN)('%j: no English words but ids and catalogue names', async (question) => {
    const { final } = await runLoop([user(question)], domainTools(), runner.run);
    const latin = (answerOf(final).match(LATIN_WORD) ?? []).filter((word) => !LATIN_ALLOWED.has(word));
    expect(latin).toEqual([]);
  });

  it('a policy answer in Ukrainian to a Ukrainian question, in English to an English one', async () => {
    const uk = await askWorker('tracking_agent', 'Яка ваша політика повернення коштів?');
    const en = await askWorker('tracking_agent', 'What is your refund policy?');
    expect(uk.answer).not.toMatch(/\b(?:refund|policy|the)\b/i);
    expect(en.answer).not.toMatch(/\p{Script=Cyrillic}/u);
  });
});

