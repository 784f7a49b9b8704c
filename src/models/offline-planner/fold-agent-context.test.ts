import { describe, expect, it } from 'vitest';
import { foldAgentContext, isNotMineNote } from './fold-agent-context.js';
import { planNextMessage } from './plan-next-message.js';
import { domainTools, user } from './planner-test-kit.js';

const context = (text: string) => ({ role: 'user' as const, content: `For context:\n${text}` });

describe('ADK "For context:" messages (what a reporter after a parallel workflow is shown)', () => {
  it('become the other agents’ answers, so a reporter with no tools passes them on', () => {
    const messages = [
      user('Де зараз посилка TTN-000001?'),
      context('[tracking_agent] called tool `track_shipment` with parameters: {"tracking_id":"TTN-000001"}\n[tracking_agent] tool `track_shipment` returned result: {"result":"{}"}'),
      context('[tracking_agent] said: TTN-000001 в дорозі.\nОчікується 2 грудня.'),
      context('[warehouse_agent] said: Для цього запиту потрібні інструменти, яких тут немає: track_shipment.'),
    ];
    expect(foldAgentContext(messages)).toEqual([messages[0], { role: 'assistant', content: 'TTN-000001 в дорозі.\nОчікується 2 грудня.' }]);
    expect(planNextMessage(messages, [])).toEqual({ kind: 'answer', content: 'TTN-000001 в дорозі.\nОчікується 2 грудня.' });
  });

  it('says once that no worker could help when every worker only noted the request was not its own', () => {
    const note = '[tracking_agent] said: This request needs tools that are not offered here: cancel_shipment.';
    const messages = [user('Cancel TTN-000004'), context(note), context(note.replace('tracking_agent', 'pricing_agent'))];
    expect(planNextMessage(messages, [])).toEqual({ kind: 'answer', content: 'This request needs tools that are not offered here: cancel_shipment.' });
  });

  it('leaves every other message alone, a user text that merely starts the same way included', () => {
    const messages = [user('For context:\nI am a shop owner'), { role: 'assistant' as const, content: 'For context:\n[x] said: y' }];
    expect(foldAgentContext(messages)).toEqual(messages);
  });

  it('recognises the worker position’s own "not mine" reply in both languages', () => {
    for (const task of ['Скільки коштує доставка 8 кг Одеса → Харків express?', 'What does 8 kg Odesa to Kharkiv express cost?']) {
      const reply = planNextMessage([user(task)], domainTools(['check_stock']));
      expect(reply.kind).toBe('answer');
      expect(isNotMineNote(reply.kind === 'answer' ? reply.content : '')).toBe(true);
    }
  });
});
