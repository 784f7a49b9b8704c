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
    ['Сколько стоит доставка', 'ru'],
    ['Где моя посылка?', 'ru'],
    ['Можно ли отправить литиевые батареи?', 'ru'],
    ['Отмени TTN-000004, клиент передумал', 'ru'],
    ['Сколько стоит 5 кг из Киева в Одессу?', 'ru'],
    ['Скільки коштує 5 кг з Києва до Одеси?', 'uk'],
    ['Чи можна надіслати літієві батареї?', 'uk'],
    ['Де моя посилка?', 'uk'],
  ] as const)('%j → %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });
});
