import { describe, expect, it } from 'vitest';
import { edrpouValid } from './edrpou-valid.js';
import { luhnValid } from './luhn-valid.js';
import { piiNormalisedView } from './pii-normalised-view.js';
import { redactPii } from './redact-pii.js';

describe('redactPii reads the normalised view and cuts the original text', () => {
  it.each([
    ['zero-width characters between digits', 'Тел. 0\u200b67\u200c123\u2060 45 67, дякую', 'Тел. [REDACTED:PHONE], дякую', 'PHONE'],
    ['a Cyrillic О for 0', 'тел О67 123 45 67 ввечері', 'тел [REDACTED:PHONE] ввечері', 'PHONE'],
    ['look-alikes in short groups', 'call О95-769-6о-З7 now', 'call [REDACTED:PHONE] now', 'PHONE'],
    ['Arabic-Indic digits', 'رقم ٠٦٧١٢٣٤٥٦٧ please', 'رقم [REDACTED:PHONE] please', 'PHONE'],
    ['Persian digits', 'phone ۰۶۷ ۱۲۳ ۴۵ ۶۷.', 'phone [REDACTED:PHONE].', 'PHONE'],
    ['a phone dictated digit by digit (en)', 'call zero six seven one two three four five six seven please', 'call [REDACTED:PHONE] please', 'PHONE'],
    ['a phone dictated in groups (uk)', "дзвоніть: нуль шістдесят сім сто двадцять три сорок п'ять шістдесят сім, дякую", 'дзвоніть: [REDACTED:PHONE], дякую', 'PHONE'],
    ['a phone dictated after the old trunk prefix 8 (ru)', 'звоните: восемь ноль шесть семь один два три четыре пять шесть семь', 'звоните: восемь [REDACTED:PHONE]', 'PHONE'],
    ['a phone dictated with pauses (ru)', 'номер ноль девяносто три, триста, тридцать пять, сорок', 'номер [REDACTED:PHONE]', 'PHONE'],
    ['«собака» for @', 'пишіть ivan.petrenko собака gmail.com, чекаю', 'пишіть [REDACTED:EMAIL], чекаю', 'EMAIL'],
    ['(собака) and (крапка)', 'olena (собака) ukr (крапка) net', '[REDACTED:EMAIL]', 'EMAIL'],
    ['a tax id with dashes', 'РНОКПП 3184-710-691 для чека', 'РНОКПП [REDACTED:IPN] для чека', 'IPN'],
    ['a booklet passport', 'паспорт КН 123456, виданий 2001 року', 'паспорт [REDACTED:PASSPORT], виданий 2001 року', 'PASSPORT'],
    ['a passport series in Latin look-alikes', 'passport KH №654321', 'passport [REDACTED:PASSPORT]', 'PASSPORT'],
    ['a labelled ID-card number', 'ID-картка № 001234567, дійсна', 'ID-картка № [REDACTED:ID_CARD], дійсна', 'ID_CARD'],
  ])('%s', (_label, text, redacted, type) => {
    const result = redactPii(text);
    expect(result.text).toBe(redacted);
    expect(result.counts).toEqual({ [type]: 1 });
  });

  it.each([
    ['a Luhn-valid 14-digit Nova Poshta number, labelled', 'ТТН 20450000123458 не оновлюється', '20450000123458'],
    ['the same number unlabelled', 'Перевірте 20450000123458, будь ласка', '20450000123458'],
    ['an S10 postal id', 'посилка RR123456785UA на митниці', 'RR123456785UA'],
    ['an 8-digit seal number passing the EDRPOU check', 'Пломба № 14360570 ціла', '14360570'],
    ['an 8-digit invoice number passing the EDRPOU check (ru)', 'Счёт № 14360570 оплачен', '14360570'],
    ['an invoice number (en)', 'invoice no. 14360570 is paid', '14360570'],
    ['a 16-digit Luhn-valid batch number', 'Партія 4111111111111111 на складі', '4111111111111111'],
    ['a grouped 16-digit batch number with an EDRPOU-valid tail', 'Batch 1234 5678 1436 0570', '1234 5678 1436 0570'],
    ['a 10-digit order number passing the IPN check', 'Заказ № 3184710691 отменён', '3184710691'],
    ['a dog', 'Моя собака гавкає на курʼєра', ''],
    ['quantities in words', 'два три дні, сто двадцять гривень', ''],
  ])('leaves %s alone', (_label, text, number) => {
    expect(redactPii(text)).toEqual({ text, counts: {}, total: 0 });
    if (number !== '') expect(text).toContain(number);
  });

  it('uses near-misses whose checksums really pass, so the cases above mean something', () => {
    expect(luhnValid('20450000123458')).toBe(true);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(edrpouValid('14360570')).toBe(true);
  });

  it('maps every view unit back to the span of the original it came from', () => {
    const text = 'a 0\u200b6 сім b';
    const view = piiNormalisedView(text);
    expect(view.view).toBe('a 06 сім b');
    expect(view.starts?.[2]).toBe(2);
    expect(view.starts?.[3]).toBe(4);
    expect(piiNormalisedView('plain text 0671234567').starts).toBeUndefined();
  });

  it('leaves 100 KB of number words, look-alikes and «собака» without an address unchanged', () => {
    const zeroWidthDigits = '0\u200b'.repeat(50_000);
    const arabicIndicRun = '\u0660'.repeat(100_000);
    for (const text of ['нуль '.repeat(20_000), 'сто '.repeat(25_000), 'О1 '.repeat(34_000), 'собака '.repeat(15_000), '1 один '.repeat(15_000), zeroWidthDigits, arabicIndicRun, 'ivan собака '.repeat(9_000)]) {
      const result = redactPii(text);
      expect(result.text.length).toBeGreaterThan(0);
      // Long runs of number words are numbers of unbounded length, not PII: no pattern matches them.
      expect(result.total).toBe(0);
    }
  });
});
