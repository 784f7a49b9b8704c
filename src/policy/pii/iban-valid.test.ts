import { describe, expect, it } from 'vitest';
import { ibanValid } from './iban-valid.js';
import { redactPii } from './redact-pii.js';

// An independent oracle (BigInt arithmetic, not the folding ibanValid uses).
function ibanWithCheck(bban: string): string {
  const numeric = [...`${bban}UA00`].map((char) => (char >= 'A' && char <= 'Z' ? String(char.charCodeAt(0) - 55) : char)).join('');
  const check = 98n - (BigInt(numeric) % 97n);
  return `UA${String(check).padStart(2, '0')}${bban}`;
}

// Deterministic, so a failure reproduces.
function pseudoRandomDigits(length: number, seed: number): string {
  let state = seed >>> 0 || 1;
  let out = '';
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out += String((state >>> 16) % 10);
  }
  return out;
}

describe('ibanValid', () => {
  it.each([
    'UA213223130000026007233566001',
    'UA21 3223 1300 0002 6007 2335 6600 1',
    'ua213223130000026007233566001',
    'GB82WEST12345698765432',
    'DE89370400440532013000',
  ])('accepts the valid IBAN %s', (value) => {
    expect(ibanValid(value)).toBe(true);
  });

  it.each([
    'UA223223130000026007233566001',
    'UA213223130000026007233566002',
    'UA212323130000026007233566001',
    'GB82WEST12345698765433',
    'UA21',
    'UA21-3223-1300-0002-6007-2335-6600-1',
    '21UA3223130000026007233566001',
    '',
  ])('rejects %j', (value) => {
    expect(ibanValid(value)).toBe(false);
  });

  it('agrees with a BigInt mod-97 oracle on generated UA IBANs and their one-digit corruptions', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const iban = ibanWithCheck(pseudoRandomDigits(25, seed));
      expect(ibanValid(iban), iban).toBe(true);
      const position = 4 + (seed % 25);
      const digit = Number(iban[position]);
      const corrupted = iban.slice(0, position) + ((digit + 1 + (seed % 9)) % 10) + iban.slice(position + 1);
      expect(ibanValid(corrupted), corrupted).toBe(false);
    }
  });

  it('the oracle reproduces the known example, so it is a fair judge', () => {
    expect(ibanWithCheck('3223130000026007233566001')).toBe('UA213223130000026007233566001');
  });

  it('generated UA IBANs are redacted whole, grouped or not', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const iban = ibanWithCheck(pseudoRandomDigits(25, seed * 7919));
      const grouped = iban.replace(/(.{4})/g, '$1 ').trim();
      expect(redactPii(`Рахунок ${iban}.`).text).toBe('Рахунок [REDACTED:IBAN].');
      expect(redactPii(`Рахунок ${grouped}.`).text).toBe('Рахунок [REDACTED:IBAN].');
    }
  });
});
