import { readFileSync, readdirSync } from 'node:fs';
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import { o200kCounter } from './bpe-counter.js';

// js-tiktoken's encoder is the reference: the counter must agree with it token for token.
const reference = new Tiktoken(o200kBase);

const SAMPLES = [
  'hello world',
  'Де зараз посилка TTN-000001?',
  'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн',
  'What does 8 kg Odesa to Kharkiv express cost? 611 UAH (120 + 22 x 8 + 0.45 x 700)',
  '{"tracking_id":"TTN-000001","history":[{"status":"in_transit","at":"2026-11-30T10:00:00Z"}]}',
  "  leading spaces, tabs\t\tand\nnew lines\r\n\r\n, it's they're we'LL",
  'Zażółć gęślą jaźń — 東京都 — مرحبا — 🚚📦✅ — ∑∫√',
  'x'.repeat(300),
  'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbbbbbbbbb 123456789012345',
  '',
];

describe('BpeCounter (o200k_base)', () => {
  it.each(SAMPLES.map((s) => [s.slice(0, 40), s]))('counts %j as js-tiktoken does', (_label, text) => {
    expect(o200kCounter().count(text)).toBe(reference.encode(text).length);
  });

  it('agrees with js-tiktoken on every policy document of the knowledge base', () => {
    const dir = new URL('../../../knowledge/docs/', import.meta.url);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      expect({ file, tokens: o200kCounter().count(text) }).toEqual({ file, tokens: reference.encode(text).length });
    }
  });

  it('counts pieces it remembers, and pieces after its memory was cleared, as js-tiktoken does', () => {
    const request = 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн';
    const first = o200kCounter().count(request);
    expect(o200kCounter().count(request)).toBe(first);
    expect(first).toBe(reference.encode(request).length);
    // More distinct pieces than it keeps: the memory is cleared on the way and the count still agrees.
    const many = Array.from({ length: 25_000 }, (_, i) => `w${i.toString(36)}q`).join(' ');
    expect(o200kCounter().count(many)).toBe(reference.encode(many).length);
    expect(o200kCounter().count(`${request} ${many}`)).toBe(reference.encode(`${request} ${many}`).length);
  });
});
