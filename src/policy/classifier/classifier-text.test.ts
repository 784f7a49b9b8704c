import { describe, expect, it } from 'vitest';
import { redactPii } from '../pii/index.js';
import { classifierText } from './classifier-text.js';
import { loadGuardClassifier } from './load-guard-classifier.js';
import { scoreView } from './classify-text.js';
import { normaliseText } from '../normalise/index.js';

describe('classifierText', () => {
  it('reads personal data as its type, so the values carry nothing', () => {
    const a = classifierText('Скасуй TTN-000004 і поверни 720 грн. Телефон +380 67 123 45 67, картка 4111 1111 1111 1111.');
    const b = classifierText('Скасуй TTN-000004 і поверни 720 грн. Телефон +380 50 765 43 21, картка 5555 5555 5555 4444.');
    expect(a).toBe(b);
    expect(a).toContain('[REDACTED:PHONE]');
  });

  it('leaves a text without personal data as it is', () => {
    expect(classifierText('Where is TTN-000001?')).toBe('Where is TTN-000001?');
  });

  it('keeps an ordinary cancellation with the customer own details under the threshold', () => {
    const model = loadGuardClassifier();
    const text = 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн. телефон +380 95 431 27 86, пошта olena.shevchenko@ukr.net, картка 4532 0151 1283 0366, IBAN UA21 3223 1300 0002 6007 2335 6600 1';
    expect(scoreView(normaliseText(classifierText(text)), model).score).toBeLessThan(model.threshold);
  });

  it('hands out a fresh copy of a redaction it read again', () => {
    const first = redactPii('тел. 067 123 45 67');
    (first.counts as Record<string, number>).PHONE = 99;
    expect(redactPii('тел. 067 123 45 67').counts).toEqual({ PHONE: 1 });
  });
});
