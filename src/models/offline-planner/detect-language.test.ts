import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language.js';

describe('detectLanguage', () => {
  it.each([
    ['Де зараз посилка TTN-000001?', 'uk'],
    ['Вартість 8 кг Одеса→Харків express', 'uk'],
    ['Where is TTN-000001?', 'en'],
    ['how much is 3 kg Kyiv to Lviv express?', 'en'],
    ['Where is ТТН-000001?', 'en'],
    ['ТТН-000001', 'uk'],
    ['TTN-000001', 'en'],
    ['', 'en'],
    ['Сколько стоит доставка', 'uk'],
  ] as const)('%j → %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });
});
