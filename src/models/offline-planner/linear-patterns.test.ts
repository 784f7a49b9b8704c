import { checkSync } from 'recheck';
import { describe, expect, it } from 'vitest';
import { CYRILLIC } from './detect-language.js';
import { SENTENCE_END, WHITESPACE_RUN } from './labels.js';
import { MAX_TEXT_CHARS } from './read-text.js';
import { planNextMessage } from './plan-next-message.js';
import { domainTools, user } from './planner-test-kit.js';
import { NON_DIGITS, TOKEN_PATTERN } from './tokenize.js';

// Every pattern the planner runs; user text is read through TOKEN_PATTERN only.
const PATTERNS: ReadonlyArray<readonly [string, RegExp]> = [
  ['TOKEN_PATTERN', TOKEN_PATTERN],
  ['NON_DIGITS', NON_DIGITS],
  ['CYRILLIC', CYRILLIC],
  ['SENTENCE_END', SENTENCE_END],
  ['WHITESPACE_RUN', WHITESPACE_RUN],
];

describe('patterns are linear', () => {
  it.each(PATTERNS)('%s is safe according to recheck', (_name, pattern) => {
    expect(checkSync(pattern.source, pattern.flags).status).toBe('safe');
  });

  it('plans hostile, long input quickly and reads only the first MAX_TEXT_CHARS characters', () => {
    const hostile = `${'ttn-00000'.repeat(2000)}${'1,'.repeat(5000)} TTN-000001`;
    const started = performance.now();
    const reply = planNextMessage([user(hostile)], domainTools());
    expect(performance.now() - started).toBeLessThan(1000);
    // Five digits are no tracking number: the answer says so once, and nothing is called.
    expect(reply).toEqual({ kind: 'answer', content: expect.stringMatching(/^"ttn-00000" is not a tracking number: a tracking number is TTN- followed by six digits/) });
    const late = `${' '.repeat(MAX_TEXT_CHARS)}Where is TTN-000001?`;
    expect(planNextMessage([user(late)], domainTools()).kind).toBe('not_understood');
  });
});
