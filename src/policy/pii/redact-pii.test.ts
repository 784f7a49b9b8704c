import { describe, expect, it } from 'vitest';
import { PII_TYPES } from './pii-type.js';
import { redactPii } from './redact-pii.js';

describe('redactPii: phones', () => {
  it.each([
    '+380671234567',
    '+380 67 123 45 67',
    '+380-67-123-45-67',
    '+380 (67) 123 45 67',
    '+38 (067) 123-45-67',
    '+38 067 123 45 67',
    '+38(067)1234567',
    '380671234567',
    '00380671234567',
    '067 123 45 67',
    '(067) 123-45-67',
    '067.123.45.67',
    '067-123-4567',
    '0671234567',
    '044 123 45 67',
    '050\u00a0123\u00a045\u00a067',
  ])('redacts %j in a Ukrainian sentence', (phone) => {
    expect(redactPii(`Тел.: ${phone}, дзвоніть після 10:00.`)).toEqual({
      text: 'Тел.: [REDACTED:PHONE], дзвоніть після 10:00.',
      counts: { PHONE: 1 },
      total: 1,
    });
  });

  // Regression: an earlier pattern put \b before the 0, and there is no word boundary between the
  // 8 and the 0 of "+380", so a lone +380 number went through unredacted.
  it('redacts +380671234567 when it is the only thing in the string', () => {
    expect(redactPii('+380671234567')).toEqual({ text: '[REDACTED:PHONE]', counts: { PHONE: 1 }, total: 1 });
  });

  it('redacts exactly the +380 number and keeps the text around it', () => {
    expect(redactPii('Мій номер+380671234567.').text).toBe('Мій номер[REDACTED:PHONE].');
    expect(redactPii('(+380671234567)').text).toBe('([REDACTED:PHONE])');
  });

  it('redacts phones written back to back with only a comma between them', () => {
    expect(redactPii('0671234567,0501234567;+380931234567')).toEqual({
      text: '[REDACTED:PHONE],[REDACTED:PHONE];[REDACTED:PHONE]',
      counts: { PHONE: 3 },
      total: 3,
    });
  });
});

describe('redactPii: e-mail', () => {
  it.each([
    'ivan.petrenko@example.com',
    'orders+ttn-000001@mail.example.com.ua',
    'o_kovalenko-2@sub.domain.co.uk',
    'SUPPORT@EXAMPLE.ORG',
    'ivan0671234567@gmail.com',
  ])('redacts %s whole', (email) => {
    expect(redactPii(`Пишіть на ${email}, відповімо.`)).toEqual({
      text: 'Пишіть на [REDACTED:EMAIL], відповімо.',
      counts: { EMAIL: 1 },
      total: 1,
    });
  });

  it('leaves a sentence-ending dot and the words around the address alone', () => {
    expect(redactPii('mailto:ivan@example.com.').text).toBe('mailto:[REDACTED:EMAIL].');
  });
});

describe('redactPii: cards', () => {
  it.each([
    '4111 1111 1111 1111',
    '4111111111111111',
    '5375-4141-0000-0008',
    '378282246310005',
    '3782 822463 10005',
    '4222222222222',
    '6304000000000000000',
  ])('redacts the Luhn-valid %s', (card) => {
    expect(redactPii(`Оплата карткою ${card} пройшла`)).toEqual({
      text: 'Оплата карткою [REDACTED:CARD] пройшла',
      counts: { CARD: 1 },
      total: 1,
    });
  });

  it('redacts the card and keeps the expiry date written after it', () => {
    expect(redactPii('Картка 4111 1111 1111 1111 12/27').text).toBe('Картка [REDACTED:CARD] 12/27');
  });

  it('finds a card that follows a rejected leading group', () => {
    expect(redactPii('№ 1234 4111 1111 1111 1111').text).toBe('№ 1234 [REDACTED:CARD]');
  });
});

describe('redactPii: IBAN, EDRPOU, IPN', () => {
  it.each(['UA213223130000026007233566001', 'UA21 3223 1300 0002 6007 2335 6600 1', 'ua213223130000026007233566001'])(
    'redacts the IBAN %s',
    (iban) => {
      expect(redactPii(`IBAN: ${iban}; призначення: оплата`)).toEqual({
        text: 'IBAN: [REDACTED:IBAN]; призначення: оплата',
        counts: { IBAN: 1 },
        total: 1,
      });
    },
  );

  it.each(['14360570', '00032129', '40075815'])('redacts the EDRPOU %s', (code) => {
    expect(redactPii(`ТОВ «Вектор», код ЄДРПОУ ${code}.`)).toEqual({
      text: 'ТОВ «Вектор», код ЄДРПОУ [REDACTED:EDRPOU].',
      counts: { EDRPOU: 1 },
      total: 1,
    });
  });

  it.each(['2222222225', '1234567899'])('redacts the IPN %s', (code) => {
    expect(redactPii(`РНОКПП: ${code}`)).toEqual({ text: 'РНОКПП: [REDACTED:IPN]', counts: { IPN: 1 }, total: 1 });
  });

  it('calls a 10-digit number that starts with 0 a phone, even when it is also a valid IPN', () => {
    expect(redactPii('0200000000').counts).toEqual({ PHONE: 1 });
  });
});

describe('redactPii: mixed text', () => {
  const letter = [
    'Шановний клієнте! Відправлення TTN-000004 (SKU-1001, 8 kg) скасовано, повернення 720 грн.',
    'Менеджер: +380 50 123 45 67 або 067 765 43 21, oksana.k@nova.example.ua.',
    'Повернення на картку 4111 1111 1111 1111 або рахунок UA21 3223 1300 0002 6007 2335 6600 1.',
    'Платник: ТОВ «Вектор», ЄДРПОУ 14360570, директор (РНОКПП 2222222225); перевізник ЄДРПОУ 40075815.',
  ].join('\n');

  it('counts each type separately and replaces every item in place', () => {
    const result = redactPii(letter);
    expect(result.counts).toEqual({ PHONE: 2, EMAIL: 1, CARD: 1, IBAN: 1, EDRPOU: 2, IPN: 1 });
    expect(result.total).toBe(8);
    expect(result.text).toBe(
      [
        'Шановний клієнте! Відправлення TTN-000004 (SKU-1001, 8 kg) скасовано, повернення 720 грн.',
        'Менеджер: [REDACTED:PHONE] або [REDACTED:PHONE], [REDACTED:EMAIL].',
        'Повернення на картку [REDACTED:CARD] або рахунок [REDACTED:IBAN].',
        'Платник: ТОВ «Вектор», ЄДРПОУ [REDACTED:EDRPOU], директор (РНОКПП [REDACTED:IPN]); перевізник ЄДРПОУ [REDACTED:EDRPOU].',
      ].join('\n'),
    );
  });

  it('is idempotent: redacting redacted text changes nothing and counts nothing', () => {
    const once = redactPii(letter);
    const twice = redactPii(once.text);
    expect(twice).toEqual({ text: once.text, counts: {}, total: 0 });
  });

  it('returns text without PII unchanged, with empty counts', () => {
    const text = 'Відправлення TTN-000001 прямує з Одеси до Харкова (700 km), очікується 2026-11-30.';
    expect(redactPii(text)).toEqual({ text, counts: {}, total: 0 });
    expect(redactPii('')).toEqual({ text: '', counts: {}, total: 0 });
  });

  it('does not depend on the state a previous call left behind', () => {
    const first = redactPii('0671234567 і 0501234567');
    const second = redactPii('0671234567');
    expect(first.total).toBe(2);
    expect(second).toEqual({ text: '[REDACTED:PHONE]', counts: { PHONE: 1 }, total: 1 });
  });

  it('names every type it can report', () => {
    expect([...PII_TYPES].sort()).toEqual(['CARD', 'EDRPOU', 'EMAIL', 'IBAN', 'ID_CARD', 'IPN', 'PASSPORT', 'PHONE']);
  });
});
