import type { StopReason } from '../../policy/index.js';

/** What the user reads when a run ends early: the reason in words, never a stack trace. */
export function stopMessage(reason: StopReason, detail: string, language: 'uk' | 'en' | 'ru'): string {
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
    not_understood: 'Запит не вдалося зрозуміти: Waybill відповідає про відстеження посилок (TTN-000001), залишки (SKU-1001), вартість доставки, скасування та правила компанії.',
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
    not_understood: 'The request was not understood: Waybill answers about parcel tracking (TTN-000001), stock (SKU-1001), delivery prices, cancellations and company policy.',
    interrupted: 'The request was stopped: the process running it was interrupted several times; please send it again.',
  };
  const ru: Record<string, string> = {
    operator_kill: 'Выполнение остановлено оператором.',
    tenant_disabled: 'Обслуживание для вашей учётной записи отключено.',
    max_steps: 'Запрос остановлен: исчерпан лимит шагов.',
    max_seconds: 'Запрос остановлен: исчерпан лимит времени.',
    max_tokens: 'Запрос остановлен: исчерпан лимит токенов.',
    max_usd: 'Запрос остановлен: исчерпан бюджет.',
    loop_detected: 'Запрос остановлен: агент повторял одно и то же действие.',
    approval_rejected: 'Оператор отклонил действие; ничего не изменено.',
    model_error: 'Модель недоступна или вернула ошибку; попробуйте позже.',
    not_understood: 'Запрос не удалось понять: Waybill отвечает об отслеживании посылок (TTN-000001), остатках (SKU-1001), стоимости доставки, отменах и правилах компании.',
    interrupted: 'Запрос остановлен: процесс, который его выполнял, несколько раз прерывался; отправьте запрос ещё раз.',
  };
  const table = language === 'uk' ? uk : language === 'ru' ? ru : en;
  const prefix = reason.split(':')[0] ?? reason;
  const known = table[reason] ?? table[prefix];
  if (known) return known;
  if (prefix === 'policy_deny') return language === 'uk' ? `Дію відхилено політикою безпеки: ${detail}` : language === 'ru' ? `Действие отклонено политикой: ${detail}` : `The action was refused by policy: ${detail}`;
  return language === 'uk' ? `Запит зупинено (${reason}): ${detail}` : language === 'ru' ? `Запрос остановлен (${reason}): ${detail}` : `The request was stopped (${reason}): ${detail}`;
}
