import { describe, expect, it } from 'vitest';
import { edrpouValid } from './edrpou-valid.js';
import { ibanValid } from './iban-valid.js';
import { ipnValid } from './ipn-valid.js';
import { luhnValid } from './luhn-valid.js';
import { redactPii } from './redact-pii.js';

// Numbers wrapped at a line break, grouped with slashes, bars or dots, spelled out letter by letter,
// and addresses broken around their @: each positive is cut whole, and the near-misses that look the
// same (a column of numbers, a count on the next line, a date among digits) are left as written.
describe('redactPii reads numbers and addresses across odd separators', () => {
  it.each([
    ['a card wrapped after its third group', 'оплатіть на картку 4111 1111 1111\n1111, дякую', 'оплатіть на картку [REDACTED:CARD], дякую', 'CARD'],
    ['a card wrapped with a CRLF and blanks', 'card no. 5500 0000 \r\n 0000 0004 thanks', 'card no. [REDACTED:CARD] thanks', 'CARD'],
    ['a card in slash-separated groups', 'refund to 4111/1111/1111/1111 please', 'refund to [REDACTED:CARD] please', 'CARD'],
    ['a card in bar-separated groups of odd sizes', 'карта 550|00000|000|0000|4', 'карта [REDACTED:CARD]', 'CARD'],
    ['an IBAN in dotted groups', 'рахунок UA21.3223.1300.0002.6007.2335.6600.1 в банку', 'рахунок [REDACTED:IBAN] в банку', 'IBAN'],
    ['an IBAN in slash-separated groups', 'IBAN UA213/22313/00000/26007/23356/6001.', 'IBAN [REDACTED:IBAN].', 'IBAN'],
    ['an IBAN wrapped at a line break', 'IBAN UA21 3223 1300 0002\n6007 2335 6600 1 ok', 'IBAN [REDACTED:IBAN] ok', 'IBAN'],
    ['an IBAN with look-alike letters for digits', 'IBAN UA2l3223l3ОО0ОО26007233566001 для оплати', 'IBAN [REDACTED:IBAN] для оплати', 'IBAN'],
    ['a tax id wrapped in its middle', 'РНОКПП 31847\n10691, дякую', 'РНОКПП [REDACTED:IPN], дякую', 'IPN'],
    ['a grouped tax id wrapped', 'ІПН 318 471\n0691', 'ІПН [REDACTED:IPN]', 'IPN'],
    ['a tax id in dotted groups behind its label', 'РНОКПП: 318.471.069.1, дякую', 'РНОКПП: [REDACTED:IPN], дякую', 'IPN'],
    ['a company code in slash-separated groups behind its label', 'код ЄДРПОУ 1436/0570', 'код ЄДРПОУ [REDACTED:EDRPOU]', 'EDRPOU'],
    ['a company code wrapped behind its label', 'ЄДРПОУ отримувача 1436\n0570.', 'ЄДРПОУ отримувача [REDACTED:EDRPOU].', 'EDRPOU'],
    ['a phone wrapped in its middle', 'my mobile is 38067123\n4567 after six', 'my mobile is [REDACTED:PHONE] after six', 'PHONE'],
    ['a phone with spaced dashes in odd groups', 'тел. +3 - 80 - 671 - 23 - 4567', 'тел. [REDACTED:PHONE]', 'PHONE'],
    ['a phone with a doubled look-alike zero', 'тел +38О 67 1ОО 45 67', 'тел [REDACTED:PHONE]', 'PHONE'],
    ['an ID-card number wrapped', 'ID-картка 00123\n4567 дійсна', 'ID-картка [REDACTED:ID_CARD] дійсна', 'ID_CARD'],
    ['a passport series ending a line', 'passport series and number МТ\n654321', 'passport series and number [REDACTED:PASSPORT]', 'PASSPORT'],
    ['a passport spelled out letter by letter', 'паспорт К Н 1 2 3 4 5 6 виданий', 'паспорт [REDACTED:PASSPORT] виданий', 'PASSPORT'],
    ['a passport in Latin look-alikes, digits spaced', 'pass M T 6 5 4 3 2 1.', 'pass [REDACTED:PASSPORT].', 'PASSPORT'],
    ['a passport grouped 3-3 behind its label', 'паспорт серії КН 123 456 виданий', 'паспорт серії [REDACTED:PASSPORT] виданий', 'PASSPORT'],
    ['a passport number dictated after its series', 'паспорт ТН сім три нуль один два пʼять, дякую', 'паспорт [REDACTED:PASSPORT], дякую', 'PASSPORT'],
    ['an address wrapped after its @', 'write to petro.melnyk@\nexample.com today', 'write to [REDACTED:EMAIL] today', 'EMAIL'],
    ['an address with spaces around its @', 'адреса o.bondar @ firma.com.ua', 'адреса [REDACTED:EMAIL]', 'EMAIL'],
    ['an address spelled out with spaces', 'пошта i v a n . p @ m a i l . c o m ок', 'пошта [REDACTED:EMAIL] ок', 'EMAIL'],
  ])('%s', (_label, text, redacted, type) => {
    const result = redactPii(text);
    expect(result.text).toBe(redacted);
    expect(result.counts).toEqual({ [type]: 1 });
  });

  it.each([
    ['an 8-digit request number passing the EDRPOU check', 'Заявка № 14360570 прийнята'],
    ['an application number (en)', 'Application 34200541 approved'],
    ['an appeal number (ru)', 'Обращение № 14360570 закрыто'],
    ['a column of numbers whose join passes Luhn', 'Артикули:\n41111111\n11111111'],
    ['a count on the next line after an 8-digit code', 'Артикул 71234568\n38 шт.'],
    ['table rows whose cells join into a Luhn-valid number', 'ТТН | вага\n20450000123458 | 41\n11111111111111 | 5'],
    ['CSV rows whose cells join into a Luhn-valid number', 'ttn;kg\n20450000123458;41\n11111111111111;5'],
    ['comma-separated rows whose cells join into a Luhn-valid number', 'ttn,kg\n20450000123458,41\n11111111111111,5'],
    ['a Luhn-valid join of two lines with no card named', 'Рейс 41111111\n11111111 прибув'],
    ['a tax-id-valid join of two lines with no tax id named', 'Маршрут 31847\n10691 км'],
    ['an identifier glued to a hyphen across a line', 'ІПН клієнта: SKU-3184\n710691'],
    ['a Luhn-valid run inside a slash-grouped document number', 'док. 9478/4111/1111/1111/1111'],
    ['a tax-id-valid number with a slash suffix', 'договір № 3184710691/24'],
    ['a dotted date whose digits pass the EDRPOU check', 'Поставка 02.12.2026 на склад'],
    ['a slashed date whose digits pass the EDRPOU check', 'Delivered 03/05/2026'],
    ['an IP address whose digits pass the tax-id check', 'сервер 31.84.710.691 недоступний'],
    ['a spaced @ before a name that is no mail domain', 'ping @ team.lead please, see docs @ docs.example'],
    ['a word spelled out in capitals before spaced digits', 'Р А З О М 1 2 3 4 5 6 і Т Т Н 2 0 4 5 0 0'],
    ['a blank line between two halves of a card', 'картка 4111 1111\n\n1111 1111'],
    ['a slash among spaces', 'ref 4111 1111/1111 1111'],
    ['a slash-grouped Luhn-valid batch number', 'партії 4111/1111/1111/1111'],
    ['two capitals and an amount', 'ЗП 150 000 грн'],
    ['a passport mentioned in another clause before an amount', 'паспорт подано, а ЗП 150 000 грн ще ні'],
    ['dates with slashes', 'Період 01/12/2026 - 31/12/2026'],
    ['an @ between a number and a price', 'беру 3 @ 45.50 грн'],
    ['a mention after a spaced @', 'пишіть @ support у месенджері'],
  ])('leaves a near-miss alone: %s', (_label, text) => {
    expect(redactPii(text)).toEqual({ text, counts: {}, total: 0 });
  });

  it('cuts a company code but not the date after it that passes the same check', () => {
    expect(redactPii('ЄДРПОУ 14360570, договір від 01.06.2026')).toEqual({ text: 'ЄДРПОУ [REDACTED:EDRPOU], договір від 01.06.2026', counts: { EDRPOU: 1 }, total: 1 });
    expect(redactPii('ЄДРПОУ 14360570 від 02.12.2026')).toEqual({ text: 'ЄДРПОУ [REDACTED:EDRPOU] від 02.12.2026', counts: { EDRPOU: 1 }, total: 1 });
  });

  it('uses numbers that pass their checksums, so the cases above mean something', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('5500000000000004')).toBe(true);
    expect(ibanValid('UA213223130000026007233566001')).toBe(true);
    expect(ipnValid('3184710691')).toBe(true);
    expect(ipnValid('7123456838')).toBe(true);
    expect(edrpouValid('71234568')).toBe(false);
    for (const date of ['01062026', '02122026', '03052026']) expect(edrpouValid(date)).toBe(true);
    expect(edrpouValid('14360570')).toBe(true);
    expect(edrpouValid('34200541')).toBe(true);
  });

  it.each([
    ['digits and slashes', '1/'.repeat(50_000)],
    ['digits and dots', '1.'.repeat(50_000)],
    ['digits on lines of their own', '7\n'.repeat(50_000)],
    ['labelled dotted codes that fail their checks', 'ІПН 1.2.3.4.5.6.7.8.9.0 '.repeat(4_200)],
    ['digits and bars', '12|'.repeat(34_000)],
    ['numbers on padded lines', '1234 \r\n '.repeat(12_500)],
    ['spaced at-signs', 'a @ '.repeat(25_000)],
    ['spelled-out letters around at-signs', 'a b c @ '.repeat(12_500)],
    ['at-signs ending lines', 'x@\n'.repeat(34_000)],
    ['spaced passport series', 'К Н 1 2 3 '.repeat(10_000)],
    ['plus signs and spaced dashes', '+3 - 8 - '.repeat(11_200)],
  ])('leaves 100 KB of %s unchanged', (_label, text) => {
    expect(text.length).toBeGreaterThanOrEqual(100_000);
    const result = redactPii(text);
    expect(result.total).toBe(0);
    expect(result.text).toBe(text);
  });
});
