import { checkSync } from 'recheck';
import { describe, expect, it } from 'vitest';
import { GUARD_REGEXES, WINDOWED_PATTERNS } from './guard-regexes.js';
import { INJECTION_PATTERNS } from './injection-patterns.js';
import { INJECTION_RULES } from './injection-rule.js';
import { maxMatchLength } from './max-match-length.js';
import { DEFAULT_SCAN_OPTIONS, LONGEST_PATTERN_MATCH } from './scan-options.js';

const PROOF_BUDGET_MS = 100_000;

describe('injection regexes', () => {
  // The automaton checker proves; the default `auto` falls back to fuzzing for bounded repeats over
  // 30, and a fuzzer that finds no attack is evidence, not proof. The slowest proof (PRAISE of
  // new-persona-patterns.ts) took 18 s on a two-core machine with another job on the other core, past
  // the 15 s budget this test had: the budget bounds a checker that never ends, not a slow machine.
  it.each(GUARD_REGEXES.map((regex) => [regex.source.slice(0, 60), regex] as const))(
    'recheck proves %s… linear',
    (_name, regex) => {
      const diagnostics = checkSync(regex.source, regex.flags, { checker: 'automaton', timeout: PROOF_BUDGET_MS });
      expect({ status: diagnostics.status, checker: diagnostics.checker }).toEqual({ status: 'safe', checker: 'automaton' });
    },
    PROOF_BUDGET_MS + 20_000,
  );

  it('uses a checker that does flag a vulnerable regex', () => {
    expect(checkSync('^(a|a)*$', '', { checker: 'automaton' }).status).toBe('vulnerable');
    expect(checkSync(String.raw`^\s*\s*x$`, 'u', { checker: 'automaton' }).status).toBe('vulnerable');
  });

  it('never uses an unbounded gap or a lookbehind in a windowed pattern', () => {
    for (const { pattern } of WINDOWED_PATTERNS) {
      expect(pattern.source).not.toMatch(/\.[*+]|\(\?<[=!]/);
      expect(maxMatchLength(pattern.source)).toBeLessThan(Infinity);
    }
  });

  it('keeps every match shorter than the default window overlap', () => {
    expect(LONGEST_PATTERN_MATCH).toBeGreaterThan(50);
    expect(LONGEST_PATTERN_MATCH).toBeLessThanOrEqual(DEFAULT_SCAN_OPTIONS.overlapChars);
  });

  it('has patterns for every rule but encoded_payload (a verdict on disguise), injection_classifier and taint_classifier (the trained classifiers) and the concept detectors', () => {
    const covered = new Set(INJECTION_PATTERNS.map(({ rule }) => rule));
    expect(INJECTION_RULES.filter((rule) => !covered.has(rule))).toEqual([
      'encoded_payload',
      'assistant_self_request',
      'answer_steering',
      'data_harvest',
      'trigger_word',
      'authority_bypass',
      'context_dump',
      'role_markup',
      'data_instruction',
      'injection_classifier',
      'taint_classifier',
    ]);
  });
});
