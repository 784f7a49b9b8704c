import { describe, expect, it } from 'vitest';
import { findWeight } from './find-weight.js';
import { tokenize } from './tokenize.js';

const weight = (text: string) => findWeight(tokenize(text));

describe('weights written in words', () => {
  it.each([
    ['вісім кілограмів', 8], ['восьми кілограмів', 8], ['два з половиною кілограми', 2.5], ['півтора кілограми', 1.5],
    ["п'ять кілограмів", 5], ['пʼяти кг', 5], ['двадцять пʼять кілограмів', 25], ['один кілограм', 1], ['дванадцяти кг', 12],
  ])('Ukrainian: %j → %d', (text, kg) => expect(weight(text)).toBe(kg));

  it.each([
    ['eight kilograms', 8], ['three kilos', 3], ['half a kilo', 0.5], ['a kilo', 1], ['twenty five kg', 25], ['two and a half kg', 2.5],
    ['fifteen kilograms', 15],
  ])('English: %j → %d', (text, kg) => expect(weight(text)).toBe(kg));

  it.each([
    ['пять килограммов', 5], ['десяти килограммов', 10], ['два с половиной кг', 2.5], ['полтора килограмма', 1.5], ['тридцать кг', 30],
    ['трёх кило', 3],
  ])('Russian: %j → %d', (text, kg) => expect(weight(text)).toBe(kg));

  it.each([['3,5 кг', 3.5], ['8kg', 8], ['2 з половиною кг', 2.5]])('digits still read: %j → %d', (text, kg) => expect(weight(text)).toBe(kg));

  it.each(['вісім посилок', 'eight parcels', 'a parcel to Kyiv', 'пять дней'])('a number with no kilogram word is no weight: %j', (text) => expect(weight(text)).toBeUndefined());
});
