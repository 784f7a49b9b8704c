import type { InjectionRule } from './injection-rule.js';

/**
 * Which normalised view a pattern runs on: `latin` patterns (English, Polish) see Cyrillic and Greek
 * look-alikes folded to Latin; `cyrillic` patterns (Ukrainian, Russian) see real Cyrillic text as
 * written, with Latin look-alikes folded to Cyrillic only inside mixed-script words.
 */
export type PatternScript = 'latin' | 'cyrillic';

/** One detection pattern: the rule it proves, the view it reads, and a native RegExp proven linear. */
export interface InjectionPattern {
  readonly rule: InjectionRule;
  readonly script: PatternScript;
  readonly pattern: RegExp;
}
