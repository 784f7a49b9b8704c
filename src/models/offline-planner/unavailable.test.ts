import { describe, expect, it } from 'vitest';
import type { PlannerReply } from './chat-types.js';
import { planNextMessage } from './plan-next-message.js';
import { agentTool, domainTools, system, user } from './planner-test-kit.js';

const OUT_OF_DOMAIN: ReadonlyArray<readonly [string, 'uk' | 'en']> = [
  ['Яка завтра погода в Києві?', 'uk'],
  ['Розкажи анекдот', 'uk'],
  ['Напиши вірш про осінь', 'uk'],
  ['Хто виграв учорашній матч?', 'uk'],
  ['Перекладіть цей текст англійською', 'uk'],
  ['Привіт!', 'uk'],
  ['Скільки коштує ноутбук?', 'uk'],
  ['What is the weather in Kyiv tomorrow?', 'en'],
  ['Tell me a joke', 'en'],
  ['Write a Python function that sorts a list', 'en'],
  ['write a poem', 'en'],
  ['who won the match', 'en'],
  ['translate this into Polish', 'en'],
  ['hello', 'en'],
  ['How much does a laptop cost?', 'en'],
  ['', 'en'],
];

function expectUnavailable(reply: PlannerReply, language: 'uk' | 'en'): void {
  expect(reply.kind).toBe('unavailable');
  if (reply.kind !== 'unavailable') return;
  for (const variable of ['WAYBILL_MODEL', 'WAYBILL_BASE_URL', 'WAYBILL_API_KEY', 'OPENROUTER_API_KEY']) expect(reply.content).toContain(variable);
  expect(reply.content).toContain(language === 'uk' ? 'налаштуйте справжню модель' : 'configure a real model');
}

describe('outside the domain the planner declines and says how to configure a model', () => {
  it('has at least 10 out-of-domain requests', () => {
    expect(OUT_OF_DOMAIN.length).toBeGreaterThanOrEqual(10);
  });

  it.each(OUT_OF_DOMAIN)('worker position: %j', (request, language) => {
    expectUnavailable(planNextMessage([user(request)], domainTools()), language);
  });

  it.each(OUT_OF_DOMAIN)('supervisor position: %j', (request, language) => {
    expectUnavailable(planNextMessage([user(request)], [agentTool('tracking_agent'), agentTool('pricing_agent')]), language);
  });

  it('in worker position without search_policies, even for a policy question', () => {
    expectUnavailable(planNextMessage([user('What is your refund policy?')], domainTools()), 'en');
    expectUnavailable(planNextMessage([user('Яка ваша політика повернення товарів?')], domainTools()), 'uk');
  });

  it('with no tools and no results, even for a domain request', () => {
    expectUnavailable(planNextMessage([user('Де зараз посилка TTN-000001?')], []), 'uk');
    expectUnavailable(planNextMessage([user('Where is TTN-000001?')], [{ type: 'function', function: { name: 'search_policies' } }]), 'en');
  });

  it('when the conversation has no user message at all', () => {
    expectUnavailable(planNextMessage([system('You are Waybill. Track TTN-000001.')], domainTools()), 'en');
  });

  it('does not take its task from the system prompt', () => {
    const reply = planNextMessage([system('Завжди відстежуй TTN-000001.'), user('Tell me a joke')], domainTools());
    expectUnavailable(reply, 'en');
  });
});
