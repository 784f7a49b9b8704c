import type { StopReason } from '../../policy/index.js';
import { policyRefusal } from './policy-refusal.js';
import type { Phrases, ReplyLanguage } from './reply-language.js';

// Reasons whose words do not depend on the detail. "Try again later" only where later may help.
const PLAIN: Readonly<Record<string, Phrases>> = {
  operator_kill: { uk: 'Виконання зупинено оператором.', en: 'The run was stopped by an operator.', ru: 'Выполнение остановлено оператором.' },
  tenant_disabled: { uk: 'Обслуговування для вашого облікового запису вимкнено.', en: 'Service for your account is switched off.', ru: 'Обслуживание для вашей учётной записи отключено.' },
  max_steps: { uk: 'Запит зупинено: вичерпано ліміт кроків.', en: 'The request was stopped: the step limit was reached.', ru: 'Запрос остановлен: исчерпан лимит шагов.' },
  max_seconds: { uk: 'Запит зупинено: вичерпано ліміт часу.', en: 'The request was stopped: the time limit was reached.', ru: 'Запрос остановлен: исчерпан лимит времени.' },
  max_tokens: { uk: 'Запит зупинено: вичерпано ліміт токенів.', en: 'The request was stopped: the token limit was reached.', ru: 'Запрос остановлен: исчерпан лимит токенов.' },
  max_usd: { uk: 'Запит зупинено: вичерпано бюджет.', en: 'The request was stopped: the budget was reached.', ru: 'Запрос остановлен: исчерпан бюджет.' },
  loop_detected: { uk: 'Запит зупинено: агент повторював ту саму дію.', en: 'The request was stopped: an agent kept repeating the same action.', ru: 'Запрос остановлен: агент повторял одно и то же действие.' },
  depth_limit: { uk: 'Запит зупинено: ланцюжок доручень між агентами задовгий.', en: 'The request was stopped: the chain of delegations between agents was too deep.', ru: 'Запрос остановлен: цепочка поручений между агентами слишком длинная.' },
  cycle_detected: { uk: 'Запит зупинено: агенти передавали доручення по колу.', en: 'The request was stopped: the agents delegated in a circle.', ru: 'Запрос остановлен: агенты передавали поручение по кругу.' },
  approval_rejected: { uk: 'Оператор відхилив дію; нічого не змінено.', en: 'An operator rejected the action; nothing was changed.', ru: 'Оператор отклонил действие; ничего не изменено.' },
  approval_timeout: { uk: 'Підтвердження оператора не надійшло вчасно; нічого не змінено.', en: 'No operator decided in time; nothing was changed.', ru: 'Подтверждение оператора не пришло вовремя; ничего не изменено.' },
  interrupted: {
    uk: 'Запит зупинено: процес, що його виконував, кілька разів переривався; надішліть запит ще раз.',
    en: 'The request was stopped: the process running it was interrupted several times; please send it again.',
    ru: 'Запрос остановлен: процесс, который его выполнял, несколько раз прерывался; отправьте запрос ещё раз.',
  },
  not_understood: {
    uk: 'Запит не вдалося зрозуміти. Можна спитати, наприклад: «Де посилка TTN-000001?», «Скільки SKU-1001 на складах?», «Скільки коштує 8 кг з Одеси до Харкова експрес?».',
    en: 'The request was not understood. You can ask, for example: "Where is parcel TTN-000001?", "How many SKU-1001 are in stock?", "How much is 8 kg from Odesa to Kharkiv express?".',
    ru: 'Запрос не удалось понять. Можно спросить, например: «Где посылка TTN-000001?», «Сколько SKU-1001 на складах?», «Сколько стоит 8 кг из Одессы в Харьков экспресс?».',
  },
};

const CONFIGURE = 'WAYBILL_MODEL, WAYBILL_BASE_URL, WAYBILL_API_KEY';

// Reasons whose words carry the detail (what failed) or the tool's name.
function withDetail(prefix: string, tool: string, detail: string): Phrases | undefined {
  const why = detail ? ` (${detail})` : '';
  switch (prefix) {
    case 'model_unavailable':
      return {
        uk: `Модель зараз недоступна: сервер моделі не відповів${why}. Спробуйте пізніше.`,
        en: `The model is unavailable right now: its endpoint did not answer${why}. Please try again later.`,
        ru: `Модель сейчас недоступна: сервер модели не ответил${why}. Попробуйте позже.`,
      };
    case 'model_error':
      return {
        uk: `Модель повернула помилку${why}. Повторний запит не допоможе, доки не виправлено модель або її налаштування (${CONFIGURE}).`,
        en: `The model returned an error${why}. Asking again will not help until the model or its configuration (${CONFIGURE}) is fixed.`,
        ru: `Модель вернула ошибку${why}. Повторный запрос не поможет, пока не исправлены модель или её настройки (${CONFIGURE}).`,
      };
    case 'tool_timeout':
      return { uk: `Інструмент ${tool} не відповів вчасно; спробуйте пізніше.`, en: `The tool ${tool} did not answer in time; please try again later.`, ru: `Инструмент ${tool} не ответил вовремя; попробуйте позже.` };
    case 'tool_unhealthy':
      return {
        uk: `Інструмент ${tool} тимчасово вимкнено після повторних збоїв; спробуйте пізніше.`,
        en: `The tool ${tool} is paused after repeated failures; please try again later.`,
        ru: `Инструмент ${tool} временно отключён после повторных сбоев; попробуйте позже.`,
      };
    case 'tool_error_exhausted':
      return { uk: `Інструмент ${tool} повертав помилку після кількох спроб${why}.`, en: `The tool ${tool} kept failing after several attempts${why}.`, ru: `Инструмент ${tool} возвращал ошибку после нескольких попыток${why}.` };
    default:
      return undefined;
  }
}

/**
 * What the user reads when a run ends early, in the request's language: the reason in words, never a
 * stack trace. A model failure says whether it may pass (`model_unavailable`: try later) or will not
 * (`model_error`: fix the model or its configuration); a policy refusal reads as the rule it applies
 * (a business limit as the limit, a switch as the switch).
 */
export function stopMessage(reason: StopReason, detail: string, language: ReplyLanguage): string {
  const colon = reason.indexOf(':');
  const prefix = colon < 0 ? reason : reason.slice(0, colon);
  const tool = colon < 0 ? '' : reason.slice(colon + 1);
  const phrases = PLAIN[prefix] ?? withDetail(prefix, tool, detail);
  if (phrases) return phrases[language];
  if (prefix === 'policy_deny') return policyRefusal(tool, detail, language);
  return { uk: `Запит зупинено (${reason}): ${detail}`, en: `The request was stopped (${reason}): ${detail}`, ru: `Запрос остановлен (${reason}): ${detail}` }[language];
}
