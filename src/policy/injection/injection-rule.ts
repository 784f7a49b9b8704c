/**
 * Every rule the injection guard can name, in the order it reports them when several match the
 * same window. The verdict names the rule for logs and audit events; the user never sees it.
 */
export const INJECTION_RULES = [
  'override_instructions',
  'reveal_system_prompt',
  'role_marker',
  'new_persona',
  'structured_exfiltration',
  'encoded_payload',
  'exfiltrate_secrets',
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
] as const;

/** One rule of the injection guard (see {@link INJECTION_RULES}). */
export type InjectionRule = (typeof INJECTION_RULES)[number];
