import { describe, expect, it } from 'vitest';
import { foldToLatin } from './fold-to-latin.js';
import { lexicalTerms } from './lexical-terms.js';
import { stemWord } from './stem-word.js';
import { words } from './tokenize.js';

describe('words', () => {
  it('lower-cases Ukrainian and English, drops stopwords and apostrophes, keeps codes whole too', () => {
    expect(words("Процедура ПВ-17 та зв'язок з Regulation EU 2019/1148 і TTN-000004")).toEqual([
      'процедура', 'пв', '17', 'пв17', 'звязок', 'regulation', 'eu', '2019', '1148', '20191148', 'ttn', '000004', 'ttn000004',
    ]);
  });

  it('treats decomposed letters like composed ones', () => {
    expect(words('Гаи\u0306 ліси\u0306')).toEqual(['гай', 'лісй']);
  });
});

describe('stemWord', () => {
  it('merges common inflections in both languages', () => {
    expect(new Set(['тарифи', 'тарифів', 'тарифу', 'тариф'].map(stemWord))).toEqual(new Set(['тариф']));
    expect(new Set(['посилка', 'посилки', 'посилку'].map(stemWord))).toEqual(new Set(['посилк']));
    expect(new Set(['refund', 'refunds', 'refunded', 'refunding'].map(stemWord))).toEqual(new Set(['refund']));
    expect(new Set(['shipped', 'shipping', 'shipment', 'ship'].map(stemWord))).toEqual(new Set(['ship']));
    expect(new Set(['policy', 'policies'].map(stemWord)).size).toBe(1);
  });

  it('leaves short words, codes and numbers alone', () => {
    expect(['пв', 'un3481', '2019', 'kg'].map(stemWord)).toEqual(['пв', 'un3481', '2019', 'kg']);
  });
});

describe('lexicalTerms and foldToLatin', () => {
  it('stems every word', () => {
    expect(lexicalTerms('Тарифи на доставку')).toEqual(['тариф', 'доставк']);
  });

  it('brings Ukrainian and English cognates together', () => {
    expect(foldToLatin('оператор')).toBe(foldToLatin('operator'));
    expect(foldToLatin('компенсація')).toBe(foldToLatin('compensation'));
    expect(foldToLatin('експрес')).toBe(foldToLatin('express'));
    expect(foldToLatin('тариф')).toBe(foldToLatin('tariff'));
  });
});
