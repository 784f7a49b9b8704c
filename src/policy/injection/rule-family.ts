import type { InjectionRule } from './injection-rule.js';

/**
 * The attack family each rule stands for, in the classifier's family names (the corpus families of
 * `evals/guard-corpus.json`), so a verdict names one family whichever detector made it.
 */
export const RULE_FAMILY: Readonly<Record<InjectionRule, string>> = {
  override_instructions: 'override',
  reveal_system_prompt: 'self_disclosure',
  role_marker: 'role_injection',
  new_persona: 'persona',
  structured_exfiltration: 'self_disclosure',
  encoded_payload: 'encoded',
  exfiltrate_secrets: 'secrets',
  assistant_self_request: 'self_disclosure',
  answer_steering: 'goal_hijack',
  data_harvest: 'secrets',
  trigger_word: 'multi_turn',
  authority_bypass: 'fake_authority',
  context_dump: 'self_disclosure',
  role_markup: 'role_injection',
  data_instruction: 'indirect',
  injection_classifier: 'unknown',
  taint_classifier: 'indirect',
};
