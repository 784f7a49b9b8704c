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
  /**
   * Domain sense: a hit is dropped when the text right after it (80 characters) matches this, as in
   * "your rules for cancelling a parcel" or "the password for the parcel locker at branch 3".
   */
  readonly unless?: RegExp;
  /**
   * Domain sense that needs the match itself as well as what follows it: "disregard the old delivery
   * instructions for TTN-…" is about a parcel, "disregard your instructions" is not. `before` is the
   * text right before the match (80 characters), for a sense set by what comes first: "the phone's
   * developer mode".
   */
  readonly veto?: (match: string, after: string, before: string) => boolean;
}
