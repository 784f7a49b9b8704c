import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolRunner } from './planner-test-kit.js';
import { answerOf, domainRunner, domainTools, runLoop, system, user } from './planner-test-kit.js';

let runner: ReturnType<typeof domainRunner>;
beforeEach(() => {
  runner = domainRunner();
});
afterEach(async () => {
  await runner.close();
});

const ask = (request: string, run: ToolRunner = runner.run) => runLoop([system('You are a logistics worker.'), user(request)], domainTools(), run);

describe('worker position: final answers written from real domain results', () => {
  it('tracks TTN-000001 in Ukrainian: status in words, route and ETA', async () => {
    const { final, calls } = await ask('Де зараз посилка TTN-000001?');
    expect(calls).toHaveLength(1);
    const answer = answerOf(final);
    expect(answer).toContain('TTN-000001');
    expect(answer).toContain('в дорозі');
    expect(answer).toContain('Київ → Львів');
    expect(answer).toContain('2026-12-01');
  });

  it('explains a delay with the reason verbatim, in both languages', async () => {
    const reason = 'Снігопад: трасу Харків — Дніпро перекрито, доставку перенесено на 2 дні';
    const uk = answerOf((await ask('Чому затримується TTN-000005?')).final);
    expect(uk).toContain('затримується');
    expect(uk).toContain(reason);
    const en = answerOf((await ask('why is TTN-000005 delayed?')).final);
    expect(en).toContain('delayed');
    expect(en).toContain(reason);
    expect(en).toContain('Kharkiv → Dnipro');
  });

  it('lists the whole history when asked for it', async () => {
    const answer = answerOf((await ask('history of TTN-000005')).final);
    expect(answer).toContain('History: 2026-11-26 Kharkiv, created; 2026-11-26 Kharkiv, in transit; 2026-11-27 Kharkiv, delayed.');
    const uk = answerOf((await ask('Покажи історію TTN-000005')).final);
    expect(uk).toContain('Відправлення створено');
    expect(uk).toContain('Виїхало до Дніпра');
  });

  it('says a parcel that is not delayed is not delayed', async () => {
    expect(answerOf((await ask('Чому затримується TTN-000001?')).final)).toContain('Затримки немає');
  });

  it('quotes 8 kg Odesa to Kharkiv express at 611 UAH with the formula and days', async () => {
    const uk = answerOf((await ask('Вартість 8 кг Одеса→Харків express')).final);
    expect(uk).toContain('611 грн');
    expect(uk).toContain('120 + 22 × 8 + 0.45 × 700 = 611');
    expect(uk).toContain('700 км');
    expect(uk).toContain('2 дні');
    const en = answerOf((await ask('How much is 8 kg from Odesa to Kharkiv express?')).final);
    expect(en).toContain('611 UAH');
    expect(en).toContain('Odesa → Kharkiv');
    expect(en).toContain('2 days');
  });

  it('says when standard was assumed', async () => {
    const { final, calls } = await ask('Скільки коштує доставка 3 кг з Києва до Львова?');
    expect(calls[0]?.args.service).toBe('standard');
    expect(answerOf(final)).toContain('«Стандарт»');
    expect(answerOf(final)).toContain('Послугу не вказано');
    expect(answerOf((await ask('quote 3 kg Kyiv to Lviv')).final)).toContain('standard was assumed');
  });

  it('adds insurance on a declared value', async () => {
    const answer = answerOf((await ask('Вартість 8 кг Одеса→Харків express, оголошена цінність 2000 грн')).final);
    expect(answer).toContain('621 грн');
    expect(answer).toContain('2000 грн');
  });

  it('reports stock totals and per-warehouse quantities', async () => {
    const uk = answerOf((await ask('Скільки ноутбуків SKU-1001 на складах?')).final);
    expect(uk).toContain('усього 78');
    expect(uk).toContain('Київ 42');
    expect(uk).toContain('Харків 0');
    const en = answerOf((await ask('How many laptops are in stock?')).final);
    expect(en).toContain('78 in stock in total');
    expect(en).toContain('Lviv 17');
  });

  it('says whether the needed quantity is covered', async () => {
    const uk = answerOf((await ask('Чи є 10 моніторів SKU-1002 у Києві?')).final);
    expect(uk).toContain('14');
    expect(uk).toContain('щонайменше 10: вистачає');
    const en = answerOf((await ask('Do you have 20 monitors?')).final);
    expect(en).toContain('Needed at least 20');
    expect(en).toContain('no single warehouse holds that many');
    expect(en).toContain('does not cover');
  });

  it('answers two intents in one answer', async () => {
    const { final, calls } = await ask('Статус TTN-000001 і залишок SKU-1001');
    expect(calls.map((c) => c.name)).toEqual(['track_shipment', 'check_stock']);
    const answer = answerOf(final);
    expect(answer).toContain('в дорозі');
    expect(answer).toContain('усього 78');
  });

  it('looks the shipment up, then cancels with the given refund and names the cancellation', async () => {
    const { final, calls } = await ask('Скасуй TTN-000004, клієнт відмовився, поверни 720 грн');
    expect(calls).toEqual([
      { name: 'track_shipment', args: { tracking_id: 'TTN-000004' } },
      { name: 'cancel_shipment', args: { tracking_id: 'TTN-000004', reason: 'клієнт відмовився', refund_uah: 720 } },
    ]);
    const answer = answerOf(final);
    expect(answer).toMatch(/Відправлення TTN-000004 скасовано: CNL-\d{6}, повернення 720 грн/);
    expect(answer).toContain('клієнт відмовився');
  });

  it('without a refund, looks up what was paid and refunds that', async () => {
    const { final, calls } = await ask('Cancel TTN-000004');
    expect(calls).toEqual([
      { name: 'track_shipment', args: { tracking_id: 'TTN-000004' } },
      { name: 'cancel_shipment', args: { tracking_id: 'TTN-000004', reason: 'Customer request', refund_uah: 720 } },
    ]);
    expect(answerOf(final)).toMatch(/Shipment TTN-000004 is cancelled: CNL-\d{6}, refund 720 UAH/);
  });

  it('keeps the reason given after "причина:" through the lookup', async () => {
    const { calls } = await ask('Скасуй, будь ласка, TTN-000007, причина: помилкова адреса');
    expect(calls.at(-1)).toEqual({ name: 'cancel_shipment', args: { tracking_id: 'TTN-000007', reason: 'помилкова адреса', refund_uah: 607.5 } });
  });

  it('does not cancel a delivered parcel it looked up, and says why', async () => {
    const { final, calls } = await ask('Скасуй TTN-000003');
    expect(calls.map((c) => c.name)).toEqual(['track_shipment']);
    expect(answerOf(final)).toBe('TTN-000003 не можна скасувати: статус — доставлено.');
  });

  it('reports an error envelope honestly and does not retry', async () => {
    const { final, calls } = await ask('Де посилка TTN-000099?');
    expect(calls).toHaveLength(1);
    expect(answerOf(final)).toBe('Не вдалося відстежити TTN-000099: відправлення TTN-000099 не знайдено.');
  });

  it('does not propose cancelling a shipment the lookup shows to be final, even with a refund named', async () => {
    const { final, calls } = await ask('Cancel TTN-000006, refund 150 UAH');
    expect(calls).toEqual([{ name: 'track_shipment', args: { tracking_id: 'TTN-000006' } }]);
    expect(answerOf(final)).toBe('TTN-000006 is already cancelled; it cannot be cancelled twice.');
  });

  it('reports a cancellation the server refused without claiming success', async () => {
    const { final, calls } = await ask('Cancel TTN-000004, refund 900 UAH');
    expect(calls.map((call) => call.name)).toEqual(['track_shipment', 'cancel_shipment']);
    const answer = answerOf(final);
    expect(answer).toContain('is not cancelled by this request, and nothing was refunded');
    expect(answer).not.toMatch(/is cancelled:/);
  });

  it('reports the overnight weight limit from the server', async () => {
    const answer = answerOf((await ask('Скільки коштує нічна доставка 12 кг з Києва в Одесу?')).final);
    expect(answer).toContain('Не вдалося розрахувати доставку Київ → Одеса');
    expect(answer).toContain('вага 12 кг перевищує ліміт тарифу «Нічний» (10 кг); оберіть «Стандарт» або «Експрес»');
  });

  it('says a rejected approval is a rejection, not a cancellation', async () => {
    const rejecting: ToolRunner = async (name, args) =>
      name === 'cancel_shipment' ? JSON.stringify({ status: 'rejected', reason: 'operator said no' }) : runner.run(name, args);
    const uk = answerOf((await ask('Скасуй TTN-000004, поверни 720 грн', rejecting)).final);
    expect(uk).toContain('запит на схвалення відхилено (operator said no)');
    expect(uk).toContain('не скасовано');
    const stopped: ToolRunner = async () => 'Run stopped: approval_rejected';
    const en = answerOf((await ask('Cancel TTN-000004, refund 720 UAH', stopped)).final);
    expect(en).toContain('the approval was rejected');
    expect(en).not.toContain('is cancelled:');
  });

  it('says a cancellation awaiting approval has not happened yet', async () => {
    const pending: ToolRunner = async (name, args) => (name === 'cancel_shipment' ? JSON.stringify({ status: 'awaiting_approval', pending: { tool: 'cancel_shipment' } }) : runner.run(name, args));
    const answer = answerOf((await ask('Cancel TTN-000004, refund 720 UAH', pending)).final);
    expect(answer).toContain('Awaiting human approval, not done yet (cancel TTN-000004)');
  });

  it('asks for exactly what a price request lacks instead of guessing', async () => {
    const { final, calls } = await ask('Скільки коштує доставка до Львова?');
    expect(calls).toEqual([]);
    expect(answerOf(final)).toContain('вкажіть: вагу посилки (кг), місто відправлення.');
    const en = answerOf((await ask('How much does shipping 5 kg cost?')).final);
    expect(en).toContain('please tell me the origin city, the destination city.');
  });
});
