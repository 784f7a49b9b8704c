import { normaliseSku, normaliseTrackingId } from '../../domain/index.js';
import type { Language } from './chat-types.js';
import { cityLabel, clipText, sentence } from './labels.js';
import { localiseProblem } from './localise.js';
import { say } from './say.js';
import type { ToolOutcome } from './tool-outcome.js';

const asText = (value: unknown): string => (typeof value === 'string' ? value : '?');
// A model may have written the id its own way; the answer shows the canonical one.
const idText = (value: unknown, normalise: (raw: string) => string | undefined): string => {
  const text = asText(value);
  return normalise(text) ?? text;
};

/** What a call was trying to do, in words: "відстежити TTN-000001", "quote delivery Kyiv → Lviv". */
export function callAction(name: string, args: Readonly<Record<string, unknown>>, language: Language): string {
  switch (name) {
    case 'track_shipment':
      return `${say(language, { uk: 'відстежити', en: 'track', ru: 'отследить' })} ${idText(args.tracking_id, normaliseTrackingId)}`;
    case 'check_stock':
      return `${say(language, { uk: 'перевірити залишок', en: 'check stock of', ru: 'проверить остаток' })} ${idText(args.sku, normaliseSku)}`;
    case 'calc_delivery': {
      const route = `${cityLabel(asText(args.origin), language)} → ${cityLabel(asText(args.destination), language)}`;
      return `${say(language, { uk: 'розрахувати доставку', en: 'quote delivery', ru: 'рассчитать доставку' })} ${route}`;
    }
    case 'cancel_shipment':
      return `${say(language, { uk: 'скасувати', en: 'cancel', ru: 'отменить' })} ${idText(args.tracking_id, normaliseTrackingId)}`;
    default:
      return `${say(language, { uk: 'виконати', en: 'run', ru: 'выполнить' })} ${name}`;
  }
}

/**
 * A result that is not a success, said honestly: the server's problems verbatim, an approval step that
 * did not let the call through, free text that cannot be read as a result, or no result at all.
 */
export function describeFailure(action: string, outcome: Exclude<ToolOutcome, { kind: 'ok' }>, language: Language): string {
  switch (outcome.kind) {
    case 'error':
      return sentence(`${say(language, { uk: 'Не вдалося', en: 'Could not', ru: 'Не удалось' })} ${action}: ${outcome.problems.map((p) => localiseProblem(p, language)).join('; ')}`);
    case 'rejected': {
      const why = outcome.timedOut
        ? say(language, { uk: 'час на схвалення минув', en: 'the approval timed out', ru: 'время на одобрение истекло' })
        : say(language, { uk: 'запит на схвалення відхилено', en: 'the approval was rejected', ru: 'запрос на одобрение отклонён' });
      const detail = outcome.detail ? ` (${clipText(outcome.detail, 200)})` : '';
      return say(language, { uk: `Не виконано (${action}): ${why}${detail}.`, en: `Not done (${action}): ${why}${detail}.`, ru: `Не выполнено (${action}): ${why}${detail}.` });
    }
    case 'awaiting':
      return say(language, { uk: `Очікує схвалення людиною і ще не виконано (${action}).`, en: `Awaiting human approval, not done yet (${action}).`, ru: `Ожидает одобрения человеком и ещё не выполнено (${action}).` });
    case 'text':
      return say(language, {
        uk: `Неочікувана відповідь інструмента (${action}), успіх не підтверджено: ${clipText(outcome.text)}`,
        en: `Unexpected tool reply (${action}), success not confirmed: ${clipText(outcome.text)}`,
        ru: `Неожиданный ответ инструмента (${action}), успех не подтверждён: ${clipText(outcome.text)}`,
      });
    case 'missing':
      return say(language, { uk: `Результату ще немає (${action}).`, en: `No result yet (${action}).`, ru: `Результата ещё нет (${action}).` });
  }
}
