import { describe, expect, it } from 'vitest';
import { planNextMessage } from './plan-next-message.js';
import { agentTool, domainTools, user } from './planner-test-kit.js';

const AGENTS = [agentTool('tracking_agent'), agentTool('warehouse_agent'), agentTool('pricing_agent')];
const answer = (text: string, tools = AGENTS) => {
  const reply = planNextMessage([user(text)], tools);
  return reply.kind === 'answer' ? reply.content : `(${reply.kind})`;
};

describe('clarifying questions, asked back instead of guessing', () => {
  it.each([
    ['Де моя посилка?', 'надішліть'], ['Where is my parcel?', 'please send'], ['Где моя посылка?', 'пришлите'],
    ['I want to track my shipment', 'please send'], ['Хочу скасувати відправлення', 'Щоб скасувати'], ['Отмените мою посылку', 'Чтобы отменить'],
  ])('no number: %j asks for it', (text, words) => {
    const content = answer(text);
    expect(content).toContain(words);
    expect(content).toContain('TTN-');
  });

  it.each([
    ['Де посилка 20450000123456?', '20450000123456'], ['Track 59001234567890 please', '59001234567890'], ['Где посылка RB123456789UA?', 'RB123456789UA'],
    ['status of RR 123456785 UA', 'RR 123456785 UA'],
  ])('another carrier’s number: %j says which format Waybill uses', (text, number) => {
    const content = answer(text);
    expect(content).toContain(number);
    expect(content).toContain('TTN-XXXXXX');
  });

  it.each([
    ['Скільки коштує доставка з Києва до Львова?', 'вагу посилки'], ['How much to ship 4 kg to Lviv?', 'the origin city'],
    ['Сколько стоит доставка в Одессу?', 'вес посылки'], ['Скільки коштує доставка 3 кг?', 'місто відправлення'],
  ])('a price lacking weight or route: %j asks for exactly what is missing', (text, missing) => {
    expect(answer(text)).toContain(missing);
    expect(answer(text, domainTools())).toContain(missing);
  });
});
