import { canonicalJson } from '../../domain/index.js';
import type { ToolEvidence } from '../../fleet/index.js';
import { describeCall } from '../../models/index.js';
import type { Phrases, ReplyLanguage } from './reply-language.js';

// Which tool the values came from, in the reply's language, so the reader knows they are the tool's own.
const SOURCES: Readonly<Record<string, Phrases>> = {
  calc_delivery: { uk: 'За даними тарифного інструмента (calc_delivery)', en: 'According to the tariff tool (calc_delivery)', ru: 'По данным тарифного инструмента (calc_delivery)' },
  track_shipment: { uk: 'За даними інструмента відстеження (track_shipment)', en: 'According to the tracking tool (track_shipment)', ru: 'По данным инструмента отслеживания (track_shipment)' },
  check_stock: { uk: 'За даними складського інструмента (check_stock)', en: 'According to the stock tool (check_stock)', ru: 'По данным складского инструмента (check_stock)' },
  cancel_shipment: { uk: 'За даними інструмента скасування (cancel_shipment)', en: 'According to the cancellation tool (cancel_shipment)', ru: 'По данным инструмента отмены (cancel_shipment)' },
};

const lowerFirst = (text: string): string => (text.length > 0 ? text.charAt(0).toLocaleLowerCase() + text.slice(1) : text);

/**
 * An answer written from a sub-task's successful domain tool results alone, each result once (a retry
 * repeats its calls), each said to come from its tool: what the user gets when the worker's own answer
 * kept contradicting those results (docs/proof.md "When retries do not fix it"). Undefined when no
 * domain tool returned a result (nothing verified to answer from).
 */
export function evidenceAnswer(evidence: readonly ToolEvidence[], language: ReplyLanguage): string | undefined {
  const latest = new Map<string, ToolEvidence>();
  for (const call of evidence) {
    if (call.outcome !== 'ok' || SOURCES[call.tool] === undefined) continue;
    const key = `${call.tool} ${canonicalJson(call.args ?? {})}`;
    latest.delete(key);
    latest.set(key, call);
  }
  const lines = [...latest.values()].map((call) => {
    const source = SOURCES[call.tool] as Phrases;
    const described = describeCall({ name: call.tool, args: { ...(call.args ?? {}) }, result: call.text }, language);
    return `${source[language]}: ${lowerFirst(described)}`;
  });
  return lines.length > 0 ? lines.join('\n') : undefined;
}
