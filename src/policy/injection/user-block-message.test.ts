import { describe, expect, it } from 'vitest';
import { INJECTION_RULES } from './injection-rule.js';
import { USER_BLOCK_MESSAGE } from './user-block-message.js';

describe('USER_BLOCK_MESSAGE', () => {
  it('names no rule, pattern or attack', () => {
    const lower = USER_BLOCK_MESSAGE.toLowerCase();
    for (const rule of INJECTION_RULES) {
      expect(lower).not.toContain(rule);
      expect(lower).not.toContain(rule.replaceAll('_', ' '));
    }
    for (const word of ['injection', 'інʼєкц', "ін'єкц", 'prompt', 'промпт', 'jailbreak', 'pattern', 'rule', 'regex', 'base64']) {
      expect(lower).not.toContain(word);
    }
  });

  it('speaks Ukrainian and English', () => {
    expect(USER_BLOCK_MESSAGE).toMatch(/[а-яіїєґ]{4}/i);
    expect(USER_BLOCK_MESSAGE).toMatch(/declined/);
  });
});
