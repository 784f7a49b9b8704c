import { describe, expect, it } from 'vitest';
import { edrpouValid } from './edrpou-valid.js';
import { ibanValid } from './iban-valid.js';
import { ipnValid } from './ipn-valid.js';
import { luhnValid } from './luhn-valid.js';
import { redactPii } from './redact-pii.js';

describe('redactPii leaves near-misses intact', () => {
  it.each([
    ['tracking number', 'Відправлення TTN-000001 в дорозі'],
    ['SKU', 'Товар SKU-1001 є на складі'],
    ['cancellation id', 'Скасування CNL-000002 підтверджено'],
    ['amount in hryvnias', 'Повернення 720 грн'],
    ['amount in UAH', 'Вартість 611 UAH'],
    ['amount with kopecks', 'Сума 4 999,50 грн'],
    ['amount in millions', 'Оборот 1 000 000 грн'],
    ['ISO date', 'Доставка 2026-11-30'],
    ['dotted date', 'Доставка 30.11.2026'],
    ['time', 'о 14:30 або 09:05:00'],
    ['timestamp', '2026-11-30T14:30:00Z'],
    ['weight', 'вага 8 kg'],
    ['distance', 'Одеса — Харків, 700 km'],
    ['pricing formula', '120 + 22 x 8 + 0.45 x 700 = 611'],
    ['9-digit number', 'номер 123456789'],
    ['11-digit number', 'номер 12345678901'],
    ['8 digits failing the EDRPOU checksum', 'код 12345679'],
    ['10 digits failing the IPN checksum, not a phone', 'код 1234567890'],
    ['16 digits failing Luhn, not named a card', 'номер 4111111111111112'],
    ['grouped 16 digits failing Luhn, not named a card', 'рядок 4111 1111 1111 1112'],
    ['a card-shaped number failing Luhn after a payment word', 'оплата 5375-4141-0000-0004'],
    // A Ukrainian IBAN's shape alone names an account (a mistyped one too); another country's needs its checksum.
    ['a German IBAN with a wrong check digit', 'рахунок DE88370400440532013000'],
    ['UA and 26 digits: one short of an IBAN', 'рахунок UA22322313000002600723356600'],
    ['mention without a domain', 'пишіть @support_team у месенджері'],
    ['address without a dot in the domain', 'root@localhost'],
    ['valid IPN inside a longer digit run', 'рядок 122222222225'],
    ['valid EDRPOU inside a longer digit run', 'рядок 9143605709'],
    ['phone digits inside a longer digit run', 'рядок 90671234567'],
    ['a redaction marker', 'Тел.: [REDACTED:PHONE]'],
  ])('%s', (_label, text) => {
    expect(redactPii(text)).toEqual({ text, counts: {}, total: 0 });
  });

  it('uses near-misses that really fail their checksums, so the cases above mean something', () => {
    expect(edrpouValid('12345679')).toBe(false);
    expect(ipnValid('1234567890')).toBe(false);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('5375414100000004')).toBe(false);
    expect(ibanValid('UA223223130000026007233566001')).toBe(false);
    // ...while the valid codes hidden in the longer runs above are valid on their own.
    expect(ipnValid('2222222225')).toBe(true);
    expect(edrpouValid('14360570')).toBe(true);
  });
});

describe('redactPii: digits glued to Latin letters or an underscore belong to an identifier', () => {
  // Approval ids are `apr_` and 16 random hex characters: about one in twelve holds a run of eight
  // digits, and one such run in ten passes the EDRPOU checksum; redacted, the id no longer names its approval.
  it.each(['apr_f34200541bdcd8ea', 'apr_0671234567abcdef', 'apr_abcd380671234567', 'apr_4111111111111111', 'apr_3184710691', 'lot_34200541_b', 'sha x4111111111111111y', 'batch a3184710691b'])('leaves %s as it is', (text) => {
    expect(redactPii(text)).toMatchObject({ text, total: 0 });
  });

  it('still redacts the same digits standing alone or beside Cyrillic letters', () => {
    expect(edrpouValid('34200541')).toBe(true);
    expect(redactPii('ЄДРПОУ 34200541').counts).toMatchObject({ EDRPOU: 1 });
    expect(redactPii('код ЄДРПОУ34200541').counts).toMatchObject({ EDRPOU: 1 });
    expect(redactPii('картка 4111111111111111.').counts).toMatchObject({ CARD: 1 });
  });
});

describe('redactPii: a phone-shaped order, ticket or version number', () => {
  it.each([
    'Your order #0931234567 has shipped.',
    'Тікет 0501234567 закрито, дякуємо.',
    'Заказ № 0661234567 передан в доставку.',
    'Прошивка сканера оновлена до версії 2.4.0971234567.',
    'Firmware 380.50.12.34.567 is rolling out to the terminals.',
    'Release build 0631234567 fixed the label printer.',
    'Артикул 0671112233: кабель USB-C, 40 шт. на складі.',
    'Article no. 0957654321 (screen protector) is back in stock.',
    'арт. 0442223344 — органайзер, Одеса',
    // Dates are written as dotted or dashed digits too, right behind a company code's label.
    'ЄДРПОУ від 07.12.2026 оновлено',
    'Платник ЄДРПОУ 2026-12-07: дата реєстрації',
    // A column its header names otherwise: order numbers under a tax id's column's neighbour.
    'order_no;tax_id_checked;city\n3012345678;yes;Lviv',
  ])('leaves %s as it is', (text) => {
    expect(redactPii(text)).toMatchObject({ text, total: 0 });
  });

  it('still redacts a phone beside such a number, and one written with + after the label', () => {
    expect(redactPii('Заказ № 0661234567, получатель 0931234567').counts).toEqual({ PHONE: 1 });
    expect(redactPii('Order +380 93 123 45 67 (the buyer)').counts).toEqual({ PHONE: 1 });
    expect(redactPii('версія застосунку 5.2, мій номер 0971234567').counts).toEqual({ PHONE: 1 });
    // «Артем» starts like «арт.», an article's short label: a name before a phone leaves it a phone.
    expect(redactPii('Артем 0671234567, кур’єр').counts).toEqual({ PHONE: 1 });
    expect(redactPii('Артикул 0501112233, покупець 0931234567').counts).toEqual({ PHONE: 1 });
  });
});

describe('redactPii: a code its label names, whatever its checksum', () => {
  it.each([
    ['ІПН 3012345678, оформіть накладну.', 'IPN'],
    ['Customer tax ID: 3012345678', 'IPN'],
    ['Individual tax number (RNOKPP): 3123456780.', 'IPN'],
    ['ipn=3012345678', 'IPN'],
    ['Мой ИНН 301 234 5678.', 'IPN'],
    ['Код ЄДРПОУ: 41234567.', 'EDRPOU'],
    ['Код ЕГРПОУ 41234567', 'EDRPOU'],
    ['Company code (EDRPOU) 41234567 is on the contract.', 'EDRPOU'],
    ['card 4149 4393 1234 5678 exp 05/27', 'CARD'],
    ['номер картки 5168-7573-1234-0009', 'CARD'],
  ] as const)('%s', (text, type) => {
    expect(ipnValid('3012345678') || edrpouValid('41234567') || luhnValid('4149439312345678')).toBe(false);
    expect(redactPii(text).counts).toEqual({ [type]: 1 });
  });

  it.each([
    'Податкова накладна 1234567890 від 01.12.',
    'Tax invoice 1234567890 was issued.',
    'ІПН оновлено 10.90.1201',
    'ІПН 1.2.3.4.5.6.7.8.9.0',
    'Картон 1234 5678 9012 3456',
    'Card order 1234 5678 9012 3456 shipped.',
    'Seal (12345678) intact',
  ])('leaves %s: the label is not right before it, names something else, or the groups are dotted', (text) => {
    expect(redactPii(text)).toMatchObject({ text, total: 0 });
  });
});

describe('redactPii: a passport number after its series, and a register record number', () => {
  it.each([
    ['паспорт серія КМ, номер 123456', 'PASSPORT'],
    ['Passport: series KM, number 123456.', 'PASSPORT'],
    ['Паспорт серии МЕ номер 765432', 'PASSPORT'],
    ['УНЗР 19900101-01234', 'ID_CARD'],
    ['unzr: 19900101-01234', 'ID_CARD'],
  ] as const)('%s', (text, type) => {
    expect(redactPii(text).counts).toEqual({ [type]: 1 });
  });

  it.each(['Серія товару AB, номер 123456', 'Паспорт якості, партія АБ номер 123456', 'Замовлення 20261201-00001 оплачено', 'запис 20261201-00001 у журналі'])('leaves %s', (text) => {
    expect(redactPii(text)).toMatchObject({ text, total: 0 });
  });
});
