export { detectConcepts, detectInjection } from './detect-injection.js';
export type { GuardLabel } from './detect-injection.js';
export { INJECTION_RULES } from './injection-rule.js';
export type { InjectionRule } from './injection-rule.js';
export { scanUntrustedText } from './scan-untrusted-text.js';
export { USER_BLOCK_MESSAGE } from './user-block-message.js';
