import { normaliseSku, normaliseTrackingId } from '../../domain/index.js';
import type { Language } from './chat-types.js';
import { cityLabel, clipText, sentence } from './labels.js';
import { localiseProblem } from './localise.js';
import type { ToolOutcome } from './tool-outcome.js';

const asText = (value: unknown): string => (typeof value === 'string' ? value : '?');
// A model may have written the id its own way; the answer shows the canonical one.
const idText = (value: unknown, normalise: (raw: string) => string | undefined): string => {
  const text = asText(value);
  return normalise(text) ?? text;
};

/** What a call was trying to do, in words: "відстежити TTN-000001", "quote delivery Kyiv → Lviv". */
export function callAction(name: string, args: Readonly<Record<string, unknown>>, language: Language): string {
  const uk = language === 'uk';
  switch (name) {
    case 'track_shipment':
      return `${uk ? 'відстежити' : 'track'} ${idText(args.tracking_id, normaliseTrackingId)}`;
    case 'check_stock':
      return `${uk ? 'перевірити залишок' : 'check stock of'} ${idText(args.sku, normaliseSku)}`;
    case 'calc_delivery': {
      const route = `${cityLabel(asText(args.origin), language)} → ${cityLabel(asText(args.destination), language)}`;
      return `${uk ? 'розрахувати доставку' : 'quote delivery'} ${route}`;
    }
    case 'cancel_shipment':
      return `${uk ? 'скасувати' : 'cancel'} ${idText(args.tracking_id, normaliseTrackingId)}`;
    default:
      return `${uk ? 'виконати' : 'run'} ${name}`;
  }
}

/**
 * A result that is not a success, said honestly: the server's problems verbatim, an approval step that
 * did not let the call through, free text that cannot be read as a result, or no result at all.
 */
export function describeFailure(action: string, outcome: Exclude<ToolOutcome, { kind: 'ok' }>, language: Language): string {
  const uk = language === 'uk';
  switch (outcome.kind) {
    case 'error':
      return sentence(`${uk ? 'Не вдалося' : 'Could not'} ${action}: ${outcome.problems.map((p) => localiseProblem(p, language)).join('; ')}`);
    case 'rejected': {
      const why = outcome.timedOut ? (uk ? 'час на схвалення минув' : 'the approval timed out') : (uk ? 'запит на схвалення відхилено' : 'the approval was rejected');
      const detail = outcome.detail ? ` (${clipText(outcome.detail, 200)})` : '';
      return uk ? `Не виконано (${action}): ${why}${detail}.` : `Not done (${action}): ${why}${detail}.`;
    }
    case 'awaiting':
      return uk ? `Очікує схвалення людиною і ще не виконано (${action}).` : `Awaiting human approval, not done yet (${action}).`;
    case 'text':
      return uk
        ? `Неочікувана відповідь інструмента (${action}), успіх не підтверджено: ${clipText(outcome.text)}`
        : `Unexpected tool reply (${action}), success not confirmed: ${clipText(outcome.text)}`;
    case 'missing':
      return uk ? `Результату ще немає (${action}).` : `No result yet (${action}).`;
  }
}
