import { describe, expect, it } from 'vitest';
import { redactPii } from './redact-pii.js';

describe('redactPii finds disguised personal data', () => {
  it.each([
    ['fullwidth phone (uk)', 'Телефон ０６７ １２３ ４５ ６７, дзвоніть', 'Телефон [REDACTED:PHONE], дзвоніть', 'PHONE'],
    ['phone spaced digit by digit (en)', 'call 0 6 7 1 2 3 4 5 6 7 today', 'call [REDACTED:PHONE] today', 'PHONE'],
    ['phone with +380 spaced (ru)', 'номер + 3 8 0 6 7 1 2 3 4 5 6 7', 'номер [REDACTED:PHONE]', 'PHONE'],
    ['phone with no-break spaces', 'тел. +380\u00a067\u00a0123\u00a045\u00a067', 'тел. [REDACTED:PHONE]', 'PHONE'],
    ['e-mail with (at) and (dot)', 'пишіть ivan.petrenko (at) example (dot) com', 'пишіть [REDACTED:EMAIL]', 'EMAIL'],
    ['e-mail with [at]', 'mail: olena[at]ukr.net please', 'mail: [REDACTED:EMAIL] please', 'EMAIL'],
    ['e-mail with <AT> and dots (ru)', 'почта petrov <AT> mail.ru', 'почта [REDACTED:EMAIL]', 'EMAIL'],
    ['e-mail with a bracketed dot in the mailbox too', 'Пошта: anna[dot]k[at]gmail[dot]com', 'Пошта: [REDACTED:EMAIL]', 'EMAIL'],
    ['a tax id named with whose it is between (checksum wrong)', 'це ІПН фізособи 2345678901', 'це ІПН фізособи [REDACTED:IPN]', 'IPN'],
    ['a tax id of the recipient (ru)', 'ИНН получателя: 2345678901', 'ИНН получателя: [REDACTED:IPN]', 'IPN'],
    ['card grouped with dots', 'картка 4111.1111.1111.1111', 'картка [REDACTED:CARD]', 'CARD'],
    ['card grouped with no-break spaces', 'card 4111\u00a01111\u00a01111\u00a01111', 'card [REDACTED:CARD]', 'CARD'],
    ['card in fullwidth digits', 'карта ４１１１１１１１１１１１１１１１', 'карта [REDACTED:CARD]', 'CARD'],
    ['spaced IPN', 'ІПН 3184 710 691', 'ІПН [REDACTED:IPN]', 'IPN'],
    ['spaced EDRPOU', 'ЄДРПОУ 1436 0570', 'ЄДРПОУ [REDACTED:EDRPOU]', 'EDRPOU'],
    ['e-mail in plain words, a dotted mailbox', 'write to o.koval at ukr dot net today', 'write to [REDACTED:EMAIL] today', 'EMAIL'],
    ['e-mail in plain words, a provider', 'mine is ivan at gmail dot com, thanks', 'mine is [REDACTED:EMAIL], thanks', 'EMAIL'],
    ['phone dictated with dashes', 'дзвоніть 0-6-7-1-2-3-4-5-6-7 після обіду', 'дзвоніть [REDACTED:PHONE] після обіду', 'PHONE'],
    ['phone in a 3-1-3 grouping', 'viber +380 67 123 4 567', 'viber [REDACTED:PHONE]', 'PHONE'],
    ['card with a double space', 'карта 4111 1111  1111 1111 для повернення', 'карта [REDACTED:CARD] для повернення', 'CARD'],
    ['IBAN grouped 6-4-15', 'IBAN UA21 322313 0000 026007233566001', 'IBAN [REDACTED:IBAN]', 'IBAN'],
    ['passport with «номер» between series and number', 'паспорт серії КН номер 123456', 'паспорт серії [REDACTED:PASSPORT]', 'PASSPORT'],
    ['foreign-travel passport, a Latin series (en)', 'My passport is FA123456, issued 2019', 'My passport is [REDACTED:PASSPORT], issued 2019', 'PASSPORT'],
    ['foreign-travel passport, series spaced off (uk)', 'закордонний паспорт FX 123456', 'закордонний паспорт [REDACTED:PASSPORT]', 'PASSPORT'],
    ['a Polish IBAN, grouped', 'IBAN PL61 1090 1014 0000 0712 1981 2874 for the refund', 'IBAN [REDACTED:IBAN] for the refund', 'IBAN'],
    ['a German IBAN, compact (ru)', 'счёт DE89370400440532013000 в евро', 'счёт [REDACTED:IBAN] в евро', 'IBAN'],
    ['a Polish phone (uk)', 'Отримувач у Варшаві: +48 601 234 567, дзвонити перед доставкою', 'Отримувач у Варшаві: [REDACTED:PHONE], дзвонити перед доставкою', 'PHONE'],
    ['a US phone with a bracketed area code', 'US contact: +1 (415) 555-0132', 'US contact: [REDACTED:PHONE]', 'PHONE'],
    ['a Moldovan phone (ru)', 'водитель +373 69 123 456 ждёт', 'водитель [REDACTED:PHONE] ждёт', 'PHONE'],
    ['foreign-travel passport with № (ru)', 'загранпаспорт GB №654321 действителен', 'загранпаспорт [REDACTED:PASSPORT] действителен', 'PASSPORT'],
    ['EDRPOU with dashes right behind its label', 'Платник: ЄДРПОУ 32-85-50-17, договір підписано', 'Платник: ЄДРПОУ [REDACTED:EDRPOU], договір підписано', 'EDRPOU'],
    ['EDRPOU 4-4 with a dash (en)', 'supplier EDRPOU code 3285-5017', 'supplier EDRPOU code [REDACTED:EDRPOU]', 'EDRPOU'],
    ['ID card grouped 8-1 behind its label', 'паспорт 00123987 6 додаю', 'паспорт [REDACTED:ID_CARD] додаю', 'ID_CARD'],
    ['ID card spaced digit by digit (ru)', 'номер ID-карты 0 0 4 5 6 7 8 1 2', 'номер ID-карты [REDACTED:ID_CARD]', 'ID_CARD'],
    ['ID card grouped 5-4 (en)', 'ID card 00456-7812, issued 2021', 'ID card [REDACTED:ID_CARD], issued 2021', 'ID_CARD'],
    ['a passport of four and six digits behind its label (ru)', 'паспорт гражданина 40 09 765432 выдан в 2015', 'паспорт гражданина [REDACTED:PASSPORT] выдан в 2015', 'PASSPORT'],
    ['a passport number spelled out after its series and «номер»', 'паспорт серії МК номер сім два один нуль три вісім', 'паспорт серії [REDACTED:PASSPORT]', 'PASSPORT'],
    ['an IBAN whose A is Cyrillic', 'рахунок UА213223130000026007233566001 для повернення', 'рахунок [REDACTED:IBAN] для повернення', 'IBAN'],
    ['e-mail with (at) then a plain « dot »', 'reach me: o.melnyk (at) cargo-lviv dot com', 'reach me: [REDACTED:EMAIL]', 'EMAIL'],
    ['e-mail with @ and a bracketed dot', 'пишіть на k.savchuk@ukr[dot]net', 'пишіть на [REDACTED:EMAIL]', 'EMAIL'],
    ['a Ukrainian IBAN with a mistyped digit (its checksum fails)', 'повернення на UA21 3223 1300 0002 6007 2335 6600 2', 'повернення на [REDACTED:IBAN]', 'IBAN'],
    ['EDRPOU in dotted pairs behind its label', 'Отримувач ТОВ «Рівне-Агро», код ЄДРПОУ 32.85.50.17', 'Отримувач ТОВ «Рівне-Агро», код ЄДРПОУ [REDACTED:EDRPOU]', 'EDRPOU'],
    ['a two-word label ("company code") with a wrong checksum', 'Buyer: Lviv Parts LLC, company code 32855018', 'Buyer: Lviv Parts LLC, company code [REDACTED:EDRPOU]', 'EDRPOU'],
    ['a tax id after "is"', 'my tax number is 3012345678, for customs', 'my tax number is [REDACTED:IPN], for customs', 'IPN'],
    ['a tax id in a column its header names', 'name;rnokpp;city\nOlha Koval;3012345678;Lviv', 'name;rnokpp;city\nOlha Koval;[REDACTED:IPN];Lviv', 'IPN'],
    ['a company code in a tab-separated column', 'Платник\tЄДРПОУ\tсума\nТОВ Лан\t32855018\t720', 'Платник\tЄДРПОУ\tсума\nТОВ Лан\t[REDACTED:EDRPOU]\t720', 'EDRPOU'],
  ])('%s', (_label, text, redacted, type) => {
    const result = redactPii(text);
    expect(result.text).toBe(redacted);
    expect(result.counts).toEqual({ [type]: 1 });
  });

  it.each([
    ['tracking id', 'TTN-000002 and TTN 000 002'],
    ['SKU', 'SKU-1001, SKU 1 0 0 1'],
    ['amount in millions with spaces', 'Оборот 10 000 000 грн і 1 234 567 890 грн'],
    ['dotted date', 'Доставка 30.11.2026 о 14:30'],
    ['order number', 'order 123 456'],
    ['card-shaped number failing Luhn, dotted', 'картка 4111.1111.1111.1112'],
    ['spaced digits failing the IPN checksum', 'код 1234 567 891'],
    ['a tax invoice of a customer: its label word is not the tax id', 'податкова накладна клієнта 1234567890'],
    ['a word "at" between two words', 'meet me at home dot com'],
    ['"at" and "dot" in a sentence about a site', 'look at example dot com for the rates'],
    ['a company domain in plain words', 'write to sales at firma dot com'],
    ['a signed amount with its currency', 'Баланс +12 500 000 грн за квартал'],
    ['a signed quantity with its unit', 'Stock change +150 000 000 units this year'],
    ['a signed number too short for a phone', 'Різниця +12 345 678'],
    ['a version after a plus', 'Версія +1.2.3.4567.8901'],
    ['an IBAN-shaped reference failing mod 97', 'Tracking GB12 3456 7890 1234 5678 90 is not an IBAN'],
    ['an EU VAT number', 'VAT number PL1234567890, DE123456789'],
    ['a container code', 'Контейнер MSCU1234565 прибув'],
    ['two Latin capitals and six digits with no passport label', 'Reference GB123456 for the pallet, batch FX 654321'],
    ['a passport mentioned, then a comma before a code', 'паспорт показав, код складу FA123456'],
  ])('leaves a near-miss alone: %s', (_label, text) => {
    expect(redactPii(text)).toEqual({ text, counts: {}, total: 0 });
  });
});
