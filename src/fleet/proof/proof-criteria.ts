import type { ShipmentStatus } from '../../domain/index.js';
import { normaliseService } from '../../domain/services.js';
import { findCities } from './city-mentions.js';
import { findDates } from './date-mentions.js';
import { skusIn, trackingIdsIn } from './identifier-mentions.js';
import { findNumbers, sameAmount } from './number-mentions.js';
import type { ProofEvidence, ProofResult } from './proof-evidence.js';
import { statesStatus } from './status-mentions.js';

/** One acceptance criterion of a sub-task: `must` fails the check, `should` lowers confidence. */
export interface Criterion {
  level: 'must' | 'should';
  /** What the answer has to state, in one line (shown in the run record, the trace and a retry). */
  description: string;
  met: boolean;
}

const APPROVAL_WORDS = /підтвердж|схвал|погодж|approv|confirm|одобр|подтвержд/iu;
const REFUSAL_WORDS = /не\s+скасовано|не\s+можна|неможливо|не\s+вдалося|відмов|not\s+cancel|cannot|can't|can’t|refus|rejected|не\s+отмен|нельзя/iu;
const PER_WAREHOUSE_WORDS = /по\s+склад|кожн|на\s+яких|де\s|where|which\s+warehouse|per\s+warehouse|each\s+warehouse|by\s+warehouse|в\s+каких|где/iu;
const WORD = /[\p{L}\p{N}]{4,}/gu;

const statesNumber = (answer: string, value: number): boolean => findNumbers(answer).some((m) => sameAmount(m.value, value));
const statesDate = (answer: string, iso: string): boolean => findDates(answer).some((d) => d.monthDay === iso.slice(5, 10));
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const okResults = (evidence: ProofEvidence, tool: string): ProofResult[] => evidence.results.filter((r) => r.tool === tool && r.data.status === 'ok');

// A reason is stated when it is quoted, or when most of its content words are there (a paraphrase).
function statesText(answer: string, text: string): boolean {
  const lower = answer.toLowerCase();
  if (lower.includes(text.toLowerCase())) return true;
  const words = [...new Set(text.toLowerCase().match(WORD) ?? [])];
  return words.length > 0 && words.filter((w) => lower.includes(w)).length / words.length >= 0.5;
}

function trackingCriteria(request: string, answer: string, evidence: ProofEvidence): Criterion[] {
  const criteria: Criterion[] = [];
  const tracked = okResults(evidence, 'track_shipment');
  const named = trackingIdsIn(request);
  const ids = named.length > 0 ? named : [...new Set(evidence.results.map((r) => str(r.args.tracking_id)?.trim().toUpperCase()).filter((id): id is string => !!id))];
  for (const id of ids) {
    const result = tracked.find((r) => str(r.data.tracking_id) === id);
    const cancel = evidence.results.find((r) => r.tool === 'cancel_shipment' && str(r.args.tracking_id)?.trim().toUpperCase() === id);
    if (cancel) criteria.push(cancellationCriterion(id, cancel, answer));
    if (!result) {
      if (!cancel) criteria.push({ level: 'must', description: `say what is known of ${id}`, met: answer.toUpperCase().includes(id) });
      continue;
    }
    const status = str(result.data.shipment_status) as ShipmentStatus | undefined;
    const cancelledNow = cancel?.outcome === 'ok' && cancel.data.status === 'ok';
    // With one shipment asked about, "in transit" answers it; with several, each must be named.
    const named = ids.length === 1 || answer.toUpperCase().includes(id);
    // Asked to cancel, the user needs to hear what became of the cancellation; the status is then a courtesy.
    if (status && !cancelledNow) criteria.push({ level: cancel ? 'should' : 'must', description: `state the status of ${id} (${status})`, met: named && statesStatus(answer, status) });
    const reason = str(result.data.delay_reason);
    if (status === 'delayed' && reason && !cancelledNow) criteria.push({ level: 'must', description: `state why ${id} is delayed`, met: statesText(answer, reason) });
    const eta = str(result.data.eta);
    if (eta && status !== 'delivered' && status !== 'cancelled' && !cancel) criteria.push({ level: 'should', description: `state the ETA of ${id} (${eta})`, met: statesDate(answer, eta) });
  }
  return criteria;
}

function cancellationCriterion(id: string, cancel: ProofResult, answer: string): Criterion {
  if (cancel.outcome === 'pending') return { level: 'must', description: `say that cancelling ${id} awaits approval`, met: APPROVAL_WORDS.test(answer) };
  if (cancel.outcome === 'ok' && cancel.data.status === 'ok') {
    const cid = str(cancel.data.cancellation_id);
    const refund = num(cancel.data.refund_uah);
    return {
      level: 'must',
      description: `state the cancellation of ${id} as the tool returned it (${cid ?? '?'}, refund ${refund ?? '?'} UAH)`,
      met: (cid === undefined || answer.toUpperCase().includes(cid)) && (refund === undefined || statesNumber(answer, refund)),
    };
  }
  return { level: 'must', description: `say that ${id} was not cancelled, and why`, met: REFUSAL_WORDS.test(answer) };
}

function stockCriteria(request: string, answer: string, evidence: ProofEvidence): Criterion[] {
  const criteria: Criterion[] = [];
  const results = okResults(evidence, 'check_stock');
  const skus = skusIn(request);
  for (const sku of skus.length > 0 ? skus : [...new Set(results.map((r) => str(r.data.sku) ?? ''))].filter(Boolean)) {
    const result = results.find((r) => str(r.data.sku) === sku);
    if (!result) {
      criteria.push({ level: 'must', description: `say what is known of ${sku}`, met: answer.toUpperCase().includes(sku) });
      continue;
    }
    const total = num(result.data.total_qty);
    if (total !== undefined) criteria.push({ level: 'must', description: `state the quantity of ${sku} (${total})`, met: statesNumber(answer, total) });
    if (result.data.warehouse === undefined && Array.isArray(result.data.warehouses)) {
      const perWarehouse = (result.data.warehouses as Array<Record<string, unknown>>).filter((w) => num(w.qty) !== undefined && (w.qty as number) > 0);
      const stated = perWarehouse.every((w) => findCities(answer).some((c) => c.city === findCities(String(w.city))[0]?.city) && statesNumber(answer, w.qty as number));
      criteria.push({ level: PER_WAREHOUSE_WORDS.test(request) ? 'must' : 'should', description: `state the quantity of ${sku} per warehouse`, met: stated });
    }
  }
  return criteria;
}

function pricingCriteria(request: string, answer: string, evidence: ProofEvidence): Criterion[] {
  const criteria: Criterion[] = [];
  const results = okResults(evidence, 'calc_delivery');
  // No quote was made (a policy question, or the route was incomplete): the evidence judge has the say.
  if (results.length === 0) return [];
  const asked = new Set(findCities(request).map((c) => c.city));
  const weights = [...request.matchAll(/(\d+(?:[.,]\d+)?)\s*(?:kg|кг|кілограм|килограм)/giu)].map((m) => Number((m[1] ?? '').replace(',', '.')));
  const service = request.match(/standard|express|overnight|стандарт|експрес|экспресс/iu)?.[0];
  const result = results.at(-1) as ProofResult;
  const route = [findCities(str(result.data.origin) ?? '')[0]?.city, findCities(str(result.data.destination) ?? '')[0]?.city];
  const weight = num(result.data.weight_kg);
  criteria.push({
    level: 'must',
    description: 'price the route, weight and service that were asked',
    met:
      [...asked].every((city) => route.includes(city)) &&
      (weights.length === 0 || (weight !== undefined && weights.some((w) => sameAmount(w, weight)))) &&
      (service === undefined || normaliseService(service) === undefined || normaliseService(service) === result.data.service),
  });
  const price = num(result.data.price_uah);
  if (price !== undefined) criteria.push({ level: 'must', description: `state the price (${price} UAH)`, met: statesNumber(answer, price) });
  const days = num(result.data.delivery_days);
  if (days !== undefined) criteria.push({ level: 'must', description: `state the delivery time (${days} days)`, met: statesNumber(answer, days) });
  return criteria;
}

/**
 * The acceptance criteria of one sub-task, derived by code from the worker, the request's
 * identifiers and what the tools returned (never written by a model).
 */
export function deriveCriteria(agent: string, request: string, answer: string, evidence: ProofEvidence): Criterion[] {
  if (agent === 'tracking_agent') return trackingCriteria(request, answer, evidence);
  if (agent === 'warehouse_agent') return stockCriteria(request, answer, evidence);
  if (agent === 'pricing_agent') return pricingCriteria(request, answer, evidence);
  return [];
}
