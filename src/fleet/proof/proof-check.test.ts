import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, domainRunner, domainTools, runLoop, system, user, WORKER_TOOLS } from '../../models/offline-planner/planner-test-kit.js';
import { alterOneFact } from '../../evals/exercises/alter-one-fact.js';
import { seededRandom } from '../../policy/classifier/index.js';
import type { ProofToolCall } from './proof-evidence.js';
import { proofCheck } from './proof-check.js';

let runner: ReturnType<typeof domainRunner>;
beforeAll(() => {
  runner = domainRunner();
});
afterAll(async () => {
  await runner.close();
});

// One worker's whole sub-task, as the offline planner does it over the real domain.
async function subtask(agent: keyof typeof WORKER_TOOLS, request: string) {
  const calls: ProofToolCall[] = [];
  const run = async (name: string, args: Record<string, unknown>) => {
    const text = await runner.run(name, args);
    calls.push({ tool: name, args, outcome: JSON.parse(text).status === 'ok' ? 'ok' : 'error', text });
    return text;
  };
  const { final } = await runLoop([system('worker'), user(request)], domainTools(WORKER_TOOLS[agent]), run);
  return { agent, request, answer: answerOf(final), tools: calls };
}

const CASES: Array<[keyof typeof WORKER_TOOLS, string]> = [
  ['tracking_agent', 'Де зараз посилка TTN-000001?'],
  ['tracking_agent', 'why is TTN-000005 delayed?'],
  ['tracking_agent', 'Чому затримується TTN-000005?'],
  ['tracking_agent', 'history of TTN-000005'],
  ['tracking_agent', 'status of TTN-000003'],
  ['tracking_agent', 'Статус TTN-000006'],
  ['tracking_agent', 'where is TTN-000002'],
  ['warehouse_agent', 'Скільки SKU-1001 на складах?'],
  ['warehouse_agent', 'How many SKU-1002 are in stock?'],
  ['warehouse_agent', 'SKU-1001 in Lviv'],
  ['pricing_agent', 'How much is 8 kg from Odesa to Kharkiv express?'],
  ['pricing_agent', 'Вартість 8 кг Одеса→Харків express'],
  ['pricing_agent', 'Скільки коштує доставка 3 кг з Києва до Львова?'],
  ['pricing_agent', '2 kg Kyiv to Dnipro overnight'],
];

describe('the proof check on answers written from real tool results', () => {
  it.each(CASES)('%s: "%s" passes with every claim verified and every must met', async (agent, request) => {
    const task = await subtask(agent, request);
    const report = proofCheck(task);
    expect(report.findings, task.answer).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.claims).toBeGreaterThan(0);
    expect(report.criteria.some((c) => c.level === 'must')).toBe(true);
  });

  it('catches one altered number, identifier or status in every answer that has one (seeded)', async () => {
    const random = seededRandom(20261201);
    let altered = 0;
    for (const [agent, request] of CASES) {
      const task = await subtask(agent, request);
      for (let trial = 0; trial < 5; trial += 1) {
        const alteration = alterOneFact(task.answer, random);
        if (!alteration) continue;
        altered += 1;
        const report = proofCheck({ ...task, answer: alteration.text });
        expect(report.passed, `${alteration.kind} ${alteration.from} -> ${alteration.to} in: ${alteration.text}`).toBe(false);
      }
    }
    expect(altered).toBeGreaterThanOrEqual(60);
  });
});

describe('claims', () => {
  const track = { tool: 'track_shipment', args: { tracking_id: 'TTN-000001' }, outcome: 'ok' as const };
  it('a price the tool did not return is unverified, and the criterion names the right one', async () => {
    const task = await subtask('pricing_agent', 'How much is 8 kg from Odesa to Kharkiv express?');
    const report = proofCheck({ ...task, answer: 'Delivery of 8 kg Odesa → Kharkiv (express): 661 UAH, 700 km, delivered in 2 days.' });
    expect(report.unverified.map((c) => c.text)).toEqual(['661']);
    expect(report.findings).toContain('missing: state the price (611 UAH)');
  });

  it('"delivered" for a parcel in transit is a wrong status, even in another language', async () => {
    const task = await subtask('tracking_agent', 'Де зараз посилка TTN-000001?');
    const report = proofCheck({ ...task, answer: 'Shipment TTN-000001 has been delivered (Kyiv → Lviv).' });
    expect(report.unverified).toEqual([expect.objectContaining({ kind: 'status', text: 'delivered' })]);
    expect(report.passed).toBe(false);
  });

  it('a denied or future status is not a claim: "cannot be cancelled", "не скасовано", "will be delivered"', async () => {
    const task = await subtask('tracking_agent', 'status of TTN-000001');
    for (const answer of [
      'TTN-000001 is in transit (Kyiv → Lviv) and cannot be cancelled by me; it will be delivered on 2026-12-01.',
      'Посилка TTN-000001 в дорозі, не скасовано. Очікувана дата доставки: 1 грудня.',
    ]) {
      expect(proofCheck({ ...task, answer }).findings, answer).toEqual([]);
    }
  });

  it('a status word said of no shipment is no claim: "the refund policy for cancelled shipments"', () => {
    const passage = JSON.stringify({ status: 'ok', results: [{ doc_id: 'refunds-policy', text: 'A shipment can be cancelled with a refund while it has not been delivered.' }] });
    const tools = [{ tool: 'search_policies', args: { query: 'refund policy' }, outcome: 'ok' as const, text: passage }];
    const answer = 'According to the policy "Refund policy for cancelled shipments" (refunds-policy): a shipment can be cancelled while it has not been delivered.';
    expect(proofCheck({ agent: 'tracking_agent', request: 'what is your refund policy?', answer, tools }).findings).toEqual([]);
  });

  it('a wrong warehouse quantity is caught even when the number exists elsewhere in the result', async () => {
    const task = await subtask('warehouse_agent', 'Скільки SKU-1001 на складах?');
    const report = proofCheck({ ...task, answer: 'SKU-1001: усього 78 шт. — Київ 17, Львів 42, Дніпро 11, Одеса 8.' });
    expect(report.unverified.map((c) => c.text)).toEqual(['Київ 17', 'Львів 42']);
  });

  it('reads written number forms: "6 200", "6,200" and "0.45" are the same values as the tool\'s', () => {
    const text = JSON.stringify({ status: 'ok', tracking_id: 'TTN-000010', shipment_status: 'created', paid_uah: 6200, rate: 0.45 });
    const tools = [{ ...track, args: { tracking_id: 'TTN-000010' }, text }];
    for (const answer of ['TTN-000010 створено, сплачено 6 200 грн.', 'TTN-000010 created, paid UAH 6,200 at 0.45.']) {
      expect(proofCheck({ agent: 'tracking_agent', request: 'TTN-000010?', answer, tools }).unverified, answer).toEqual([]);
    }
    expect(proofCheck({ agent: 'tracking_agent', request: 'TTN-000010?', answer: 'TTN-000010 created, paid 6,300.', tools }).unverified).toHaveLength(1);
  });

  it('a shipment the request named but the answer leaves out fails a must criterion', async () => {
    const first = await subtask('tracking_agent', 'status of TTN-000001');
    const second = await subtask('tracking_agent', 'status of TTN-000002');
    const report = proofCheck({ agent: 'tracking_agent', request: 'status of TTN-000001 and TTN-000002', answer: first.answer, tools: [...first.tools, ...second.tools] });
    expect(report.findings.some((f) => f.includes('TTN-000002'))).toBe(true);
  });

  it('a quote for a weight the user did not ask for fails, though every number in it is the tool\'s', async () => {
    const task = await subtask('pricing_agent', 'How much is 5 kg from Odesa to Kharkiv express?');
    const report = proofCheck({ ...task, request: 'How much is 8 kg from Odesa to Kharkiv express?' });
    expect(report.findings).toContain('missing: price the route, weight and service that were asked');
  });
});
