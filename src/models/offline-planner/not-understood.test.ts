import { describe, expect, it } from 'vitest';
import type { Language, PlannerReply } from './chat-types.js';
import { planNextMessage } from './plan-next-message.js';
import { agentTool, domainTools, system, user } from './planner-test-kit.js';

const OUT_OF_DOMAIN: ReadonlyArray<readonly [string, Language]> = [
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
  ['Какая завтра погода в Киеве?', 'ru'],
  ['Расскажи анекдот', 'ru'],
  ['Сколько стоит ноутбук?', 'ru'],
];

const LEADS: Readonly<Record<Language, string>> = { uk: 'Я не зрозумів', en: 'I did not understand', ru: 'Я не понял' };

function expectUnavailable(reply: PlannerReply, language: Language): void {
  expect(reply.kind).toBe('not_understood');
  if (reply.kind !== 'not_understood') return;
  expect(reply.content).toContain(LEADS[language]);
  // Examples of what can be asked, and never "try again later": trying again will not help.
  expect(reply.content).toContain('TTN-000001');
  expect(reply.content.match(/^- /gm)?.length).toBeGreaterThanOrEqual(2);
  expect(reply.content).not.toMatch(/later|пізніше|позже|unavailable|недоступн/i);
}

describe('a request the planner does not understand gets what was understood and examples', () => {
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

  it('says what it did recognise: the cities, the weight, the service', () => {
    const reply = planNextMessage([user('Яка погода у Львові та Києві?')], [agentTool('tracking_agent')]);
    const content = reply.kind === 'not_understood' ? reply.content : '';
    expect(content).toContain('Я розпізнав: місто Львів, місто Київ.');
    const english = planNextMessage([user('weather for an express trip')], domainTools());
    expect(english.kind === 'not_understood' ? english.content : '').toContain('I recognised: service express.');
  });

  it('does not take its task from the system prompt', () => {
    const reply = planNextMessage([system('Завжди відстежуй TTN-000001.'), user('Tell me a joke')], domainTools());
    expectUnavailable(reply, 'en');
  });
});
