import { readdirSync, readFileSync } from 'node:fs';
import { checkSync } from 'recheck';
import { describe, expect, it } from 'vitest';
import { PII_CANDIDATE_HINT, PII_DISGUISED_PATTERNS, PII_PATTERNS } from './pii-patterns.js';
import { PII_RULES } from './pii-rules.js';
import { PII_TYPES } from './pii-type.js';

const here = new URL('.', import.meta.url);

/** How long recheck may work on one proof: within the test's own 60 s. */
const PROOF_BUDGET_MS = 50_000;

describe('PII_PATTERNS', () => {
  // recheck's automaton checker proves a pattern safe (or finds the attack); its fuzz checker
  // only fails to find one, so "safe" from fuzzing is not accepted as proof here.
  it.each([...Object.entries(PII_PATTERNS), ...Object.entries(PII_DISGUISED_PATTERNS).map(([type, pattern]) => [`disguised ${type}`, pattern] as const)])(
    '%s is proved free of catastrophic backtracking',
    (_type, pattern) => {
      // recheck gives up after 10 s by default; the e-mail patterns' proofs take 5-6 s on a machine busy
      // with other tests, so the proof gets most of the test's minute instead.
      const diagnostics = checkSync(pattern.source, pattern.flags, { timeout: PROOF_BUDGET_MS });
      expect({ status: diagnostics.status, checker: diagnostics.checker }).toEqual({ status: 'safe', checker: 'automaton' });
    },
    60_000,
  );

  it('need what the candidate hint looks for: a text without it matches no pattern', () => {
    expect(checkSync(PII_CANDIDATE_HINT.source, PII_CANDIDATE_HINT.flags).status).toBe('safe');
    const samples = ['0671234567', 'a@b.co', 'ivan (at) mail (dot) com', 'UA213223130000026007233566001', '4111 1111 1111 1111', '１２３', 'x [AT] y.com'];
    for (const sample of samples) expect(PII_CANDIDATE_HINT.test(sample.replace(/[\uff10-\uff19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 0x30)))).toBe(true);
    // 'ivan at mail dot com' has the hint (" dot ") and is an address (a mail provider's domain): see redact-pii-disguised.test.ts.
    for (const text of ['Де посилка TTN?', 'ivan at the office', 'статус: в дорозі', '']) {
      expect(PII_CANDIDATE_HINT.test(text)).toBe(false);
      for (const pattern of [...Object.values(PII_PATTERNS), ...Object.values(PII_DISGUISED_PATTERNS)]) expect(new RegExp(pattern.source, pattern.flags.replace('g', '')).test(text)).toBe(false);
    }
  });

  it('are exactly the patterns the rules run, one per type, in rule order', () => {
    expect(PII_RULES.map((rule) => rule.type)).toEqual([...PII_TYPES]);
    PII_RULES.forEach((rule) => {
      expect(rule.pattern).toBe(PII_PATTERNS[rule.type]);
      expect(rule.pattern.global).toBe(true);
    });
  });

  it('are the only regular expressions in the module, so the proof above covers them all', () => {
    const sources = readdirSync(here).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    expect(sources).toContain('redact-pii.ts');
    // A slash that starts an expression (after an operator, bracket, comma or keyword) opens a
    // regex literal; comments (// and /*) are not counted.
    const regexLiteral = /(?:^|[=(,:;!&|?{}[\]]|\breturn|=>)\s*\/(?![/*])/m;
    const offenders = sources.filter((name) => {
      if (name === 'pii-patterns.ts') return false;
      const code = readFileSync(new URL(name, here), 'utf8');
      return regexLiteral.test(code) || code.includes('RegExp(');
    });
    expect(offenders).toEqual([]);
  });
});
