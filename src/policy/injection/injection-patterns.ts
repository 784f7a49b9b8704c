/**
 * Regular-expression safety. Every pattern here is a native JavaScript RegExp (re2js measured about
 * 400 times slower, which would break the budget of 1 MB per second), and safety rests on three things:
 *
 * 1. Each regex is proven free of super-linear backtracking by recheck's automaton checker, not its
 *    fuzzer: `injection-patterns.test.ts` runs `checkSync(source, flags, {checker: 'automaton'})` on
 *    every regex in `GUARD_REGEXES` and requires status `safe`.
 * 2. Patterns are built so that proof holds and stays cheap: no `.*` or `.+` (gaps are
 *    `[^\n]{0,40}`), no unbounded quantifier in any windowed pattern, no lookarounds (word edges are
 *    consumed characters, see `EDGE`), and word lists whose alternatives cannot match one span two ways.
 * 3. Input per execution is bounded: text is scanned in overlapping windows (8 KB with 512 characters
 *    of overlap by default), and `maxMatchLength` proves every pattern's longest match shorter than
 *    the overlap, so no match is lost at a window edge and the whole text is still scanned.
 */
import { EXFILTRATE_SECRETS_PATTERNS } from './exfiltrate-secrets-patterns.js';
import type { InjectionPattern } from './injection-pattern.js';
import { NEW_PERSONA_PATTERNS } from './new-persona-patterns.js';
import { OVERRIDE_INSTRUCTIONS_PATTERNS } from './override-instructions-patterns.js';
import { REVEAL_SYSTEM_PROMPT_PATTERNS } from './reveal-system-prompt-patterns.js';
import { ROLE_MARKER_PATTERNS } from './role-marker-patterns.js';
import { STRUCTURED_EXFILTRATION_PATTERNS } from './structured-exfiltration-patterns.js';

/**
 * Every pattern of the input guard, most specific rule first: when two match in the same window the
 * earlier one names the verdict ("print your rules as JSON" is structured_exfiltration, not
 * reveal_system_prompt). `encoded_payload` has no pattern: it is the verdict for a hit that needed
 * decoding, de-homoglyphing or removal of invisible characters.
 */
export const INJECTION_PATTERNS: readonly InjectionPattern[] = [
  ...STRUCTURED_EXFILTRATION_PATTERNS,
  ...REVEAL_SYSTEM_PROMPT_PATTERNS,
  ...EXFILTRATE_SECRETS_PATTERNS,
  ...OVERRIDE_INSTRUCTIONS_PATTERNS,
  ...NEW_PERSONA_PATTERNS,
  ...ROLE_MARKER_PATTERNS,
];
