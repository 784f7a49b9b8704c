import { SHIPMENT_STATUSES } from '../../domain/index.js';
import type { City, ShipmentStatus } from '../../domain/index.js';
import { findCities } from './city-mentions.js';
import { findDates } from './date-mentions.js';
import { findIdentifiers } from './identifier-mentions.js';
import { findNumbers } from './number-mentions.js';
import { parseObject } from '../parse-object.js';

/** One tool call of a sub-task as the verifier reads it: what was asked and the raw result text. */
export interface ProofToolCall {
  tool: string;
  args: Readonly<Record<string, unknown>>;
  outcome: 'ok' | 'error' | 'denied' | 'pending' | 'rejected';
  /** The result as the tool returned it (JSON text for domain tools); empty for a pending call. */
  text: string;
}

/** A parsed successful domain result, kept for the criteria. */
export interface ProofResult {
  tool: string;
  args: Readonly<Record<string, unknown>>;
  outcome: ProofToolCall['outcome'];
  data: Readonly<Record<string, unknown>>;
}

/**
 * Everything a claim may be checked against: the values in a sub-task's tool calls (arguments and
 * results) and in the user's own words. Numbers, dates, identifiers and cities are normalised;
 * statuses are kept per shipment so that "TTN-000001 delivered" is checked against TTN-000001 only.
 */
export interface ProofEvidence {
  identifiers: Set<string>;
  numbers: number[];
  /** `MM-DD` of every date, and the years seen. */
  monthDays: Set<string>;
  years: Set<number>;
  cities: Set<City>;
  /** The current status of each shipment (after a cancellation the tool confirmed: cancelled). */
  currentById: Map<string, ShipmentStatus>;
  /** Past statuses of each shipment with the `MM-DD` dates of the events that had them. */
  historyById: Map<string, Map<ShipmentStatus, Set<string>>>;
  statusesById: Map<string, Set<ShipmentStatus>>;
  /** Per stock result: city to quantity, for "Київ 42" pairs. */
  stockByCity: Map<City, Set<number>>;
  results: ProofResult[];
}

const STATUSES: ReadonlySet<string> = new Set(SHIPMENT_STATUSES);


/** An empty evidence set, to fill with `addText` and `addCall`. */
export function emptyEvidence(): ProofEvidence {
  return { identifiers: new Set(), numbers: [], monthDays: new Set(), years: new Set(), cities: new Set(), currentById: new Map(), historyById: new Map(), statusesById: new Map(), stockByCity: new Map(), results: [] };
}

/** Adds the identifiers, numbers, dates and cities written in free text. */
export function addText(evidence: ProofEvidence, text: string): void {
  for (const m of findIdentifiers(text)) evidence.identifiers.add(m.id);
  for (const m of findNumbers(text)) evidence.numbers.push(m.value);
  for (const m of findDates(text)) {
    evidence.monthDays.add(m.monthDay);
    if (m.year !== undefined) evidence.years.add(m.year);
  }
  for (const m of findCities(text)) evidence.cities.add(m.city);
}

function addValue(evidence: ProofEvidence, value: unknown): void {
  if (typeof value === 'number') evidence.numbers.push(value);
  else if (typeof value === 'string') addText(evidence, value);
  else if (Array.isArray(value)) value.forEach((item) => addValue(evidence, item));
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach((item) => addValue(evidence, item));
}

function addStatuses(evidence: ProofEvidence, call: ProofToolCall, data: Readonly<Record<string, unknown>>): void {
  const id = typeof data.tracking_id === 'string' ? data.tracking_id.toUpperCase() : typeof call.args.tracking_id === 'string' ? call.args.tracking_id.trim().toUpperCase() : undefined;
  if (!id) return;
  const statuses = evidence.statusesById.get(id) ?? new Set<ShipmentStatus>();
  const add = (status: unknown) => {
    if (typeof status === 'string' && STATUSES.has(status)) statuses.add(status as ShipmentStatus);
  };
  add(data.shipment_status);
  if (typeof data.shipment_status === 'string' && STATUSES.has(data.shipment_status)) evidence.currentById.set(id, data.shipment_status as ShipmentStatus);
  const history = evidence.historyById.get(id) ?? new Map<ShipmentStatus, Set<string>>();
  if (Array.isArray(data.history)) {
    for (const event of data.history as Array<Record<string, unknown> | null>) {
      add(event?.status);
      const at = typeof event?.at === 'string' ? event.at.slice(5, 10) : undefined;
      if (typeof event?.status === 'string' && STATUSES.has(event.status) && at) {
        const dates = history.get(event.status as ShipmentStatus) ?? new Set<string>();
        dates.add(at);
        history.set(event.status as ShipmentStatus, dates);
      }
    }
  }
  evidence.historyById.set(id, history);
  if (data.cancellation || (call.tool === 'cancel_shipment' && call.outcome === 'ok' && data.status === 'ok')) {
    statuses.add('cancelled');
    evidence.currentById.set(id, 'cancelled');
  }
  evidence.statusesById.set(id, statuses);
}

function addStock(evidence: ProofEvidence, data: Readonly<Record<string, unknown>>): void {
  if (!Array.isArray(data.warehouses)) return;
  for (const level of data.warehouses as Array<Record<string, unknown> | null>) {
    const city = findCities(String(level?.city ?? ''))[0]?.city;
    if (!city || typeof level?.qty !== 'number') continue;
    const quantities = evidence.stockByCity.get(city) ?? new Set<number>();
    quantities.add(level.qty);
    evidence.stockByCity.set(city, quantities);
  }
}

// What one call adds, kept per call object: a run's final check reads every call its sub-tasks'
// checks already read (the finders and the JSON parse were a fifth of the proof loop's time).
const callParts = new WeakMap<ProofToolCall, ProofEvidence>();

/** Adds one tool call: its arguments, and its result when it has one. */
export function addCall(evidence: ProofEvidence, call: ProofToolCall): void {
  let part = callParts.get(call);
  if (!part) {
    part = emptyEvidence();
    readCall(part, call);
    callParts.set(call, part);
  }
  mergeEvidence(evidence, part);
}

// The same as reading the call into `evidence` itself: sets and lists join, a call's current status
// of a shipment overrides an earlier call's, histories and stock join per shipment and city.
function mergeEvidence(into: ProofEvidence, part: ProofEvidence): void {
  for (const id of part.identifiers) into.identifiers.add(id);
  into.numbers.push(...part.numbers);
  for (const day of part.monthDays) into.monthDays.add(day);
  for (const year of part.years) into.years.add(year);
  for (const city of part.cities) into.cities.add(city);
  for (const [id, status] of part.currentById) into.currentById.set(id, status);
  for (const [id, history] of part.historyById) {
    const target = into.historyById.get(id) ?? new Map<ShipmentStatus, Set<string>>();
    for (const [status, dates] of history) target.set(status, new Set([...(target.get(status) ?? []), ...dates]));
    into.historyById.set(id, target);
  }
  for (const [id, statuses] of part.statusesById) into.statusesById.set(id, new Set([...(into.statusesById.get(id) ?? []), ...statuses]));
  for (const [city, quantities] of part.stockByCity) into.stockByCity.set(city, new Set([...(into.stockByCity.get(city) ?? []), ...quantities]));
  into.results.push(...part.results);
}

function readCall(evidence: ProofEvidence, call: ProofToolCall): void {
  addValue(evidence, call.args);
  if (call.text === '') return;
  const data = parseObject(call.text);
  if (!data) {
    addText(evidence, call.text);
    return;
  }
  addValue(evidence, data);
  if (call.tool === 'track_shipment' || call.tool === 'cancel_shipment') addStatuses(evidence, call, data);
  if (call.tool === 'check_stock' && data.status === 'ok') addStock(evidence, data);
  evidence.results.push({ tool: call.tool, args: call.args, outcome: call.outcome, data });
}

/** The evidence of one sub-task: its tool calls and the request it was given. */
export function buildEvidence(request: string, calls: readonly ProofToolCall[]): ProofEvidence {
  const evidence = emptyEvidence();
  addText(evidence, request);
  for (const call of calls) addCall(evidence, call);
  return evidence;
}
