import { describe, expect, it } from 'vitest';
import { asksForCancellation } from './asks-for-cancellation.js';

describe('asksForCancellation', () => {
  it.each(['Скасуй TTN-000004, клієнт відмовився, поверни 720 грн', 'Cancel TTN-000004 and refund 720 UAH', 'Отмени ttn-000004', 'Анулюйте відправлення TTN-000004'])('offers the cancellation for %s', (text) => {
    expect(asksForCancellation(text)).toBe(true);
  });

  it.each(['Де зараз посилка TTN-000001?', 'Why is TTN-000005 late?', 'Скасуй доставку', 'Cancel my order', 'How much is 3 kg from Lviv to Dnipro?'])('does not for %s', (text) => {
    expect(asksForCancellation(text)).toBe(false);
  });
});
