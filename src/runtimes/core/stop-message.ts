import type { StopReason } from '../../policy/index.js';

/** What the user reads when a run ends early: the reason in words, never a stack trace. */
export function stopMessage(reason: StopReason, detail: string, language: 'uk' | 'en'): string {
  const uk: Record<string, string> = {
    operator_kill: 'Виконання зупинено оператором.',
    tenant_disabled: 'Обслуговування для вашого облікового запису вимкнено.',
    max_steps: 'Запит зупинено: вичерпано ліміт кроків.',
    max_seconds: 'Запит зупинено: вичерпано ліміт часу.',
    max_tokens: 'Запит зупинено: вичерпано ліміт токенів.',
    max_usd: 'Запит зупинено: вичерпано бюджет.',
    loop_detected: 'Запит зупинено: агент повторював ту саму дію.',
    approval_rejected: 'Оператор відхилив дію; нічого не змінено.',
    model_error: 'Модель недоступна або повернула помилку; спробуйте пізніше.',
    interrupted: 'Запит зупинено: процес, що його виконував, кілька разів переривався; надішліть запит ще раз.',
  };
  const en: Record<string, string> = {
    operator_kill: 'The run was stopped by an operator.',
    tenant_disabled: 'Service for your account is switched off.',
    max_steps: 'The request was stopped: the step limit was reached.',
    max_seconds: 'The request was stopped: the time limit was reached.',
    max_tokens: 'The request was stopped: the token limit was reached.',
    max_usd: 'The request was stopped: the budget was reached.',
    loop_detected: 'The request was stopped: an agent kept repeating the same action.',
    approval_rejected: 'An operator rejected the action; nothing was changed.',
    model_error: 'The model is unavailable or returned an error; please try again later.',
    interrupted: 'The request was stopped: the process running it was interrupted several times; please send it again.',
  };
  const table = language === 'uk' ? uk : en;
  const prefix = reason.split(':')[0] ?? reason;
  const known = table[reason] ?? table[prefix];
  if (known) return known;
  if (prefix === 'policy_deny') return language === 'uk' ? `Дію відхилено політикою безпеки: ${detail}` : `The action was refused by policy: ${detail}`;
  return language === 'uk' ? `Запит зупинено (${reason}): ${detail}` : `The request was stopped (${reason}): ${detail}`;
}
