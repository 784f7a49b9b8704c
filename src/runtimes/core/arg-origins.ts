import type { ArgOrigin } from '../../domain/index.js';
import type { RunLedger } from './run-ledger.js';

/** Arguments the boundary adds or checks itself; they are not shown to the human as the call's content. */
const CONTROL_ARGS = new Set(['idempotency_key', 'approval_id']);

/** A call's own arguments, without the boundary's control arguments. */
export const callArgs = (args: Readonly<Record<string, unknown>>): Record<string, unknown> => Object.fromEntries(Object.entries(args).filter(([name]) => !CONTROL_ARGS.has(name)));

/** A string leaf of a tool result this long with spaces is prose someone wrote (a note, a passage), not a field value. */
const PROSE_MIN_LENGTH = 24;

/** Tools whose every string is third-party text: what they return was written by someone outside the run. */
const THIRD_PARTY_TOOLS = new Set(['search_policies']);

export interface TracedOrigins {
  origins: Record<string, ArgOrigin>;
  /** The call's target (its tracking id) appears only in third-party text: the approval screen flags it. */
  thirdPartyTarget: boolean;
}

/**
 * Where each argument of a pending irreversible call came from, for the human who decides: the user's
 * own request, a field of a tool result the run fetched, third-party text inside a tool result (a
 * shipment note, a retrieved passage), or none of these (the model's own words). Looked up, in that
 * order, in the run's trusted text and its raw tool evidence.
 */
export function traceArgOrigins(run: RunLedger, args: Readonly<Record<string, unknown>>): TracedOrigins {
  const request = squashDigits(run.init.trustedText.toLowerCase());
  const leaves = run.runEvidence.filter((e) => e.outcome === 'ok').flatMap((e) => leavesOf(parse(e.text), THIRD_PARTY_TOOLS.has(e.tool)));
  const origins: Record<string, ArgOrigin> = {};
  for (const [name, value] of Object.entries(args)) {
    if (CONTROL_ARGS.has(name) || (typeof value !== 'string' && typeof value !== 'number')) continue;
    origins[name] = originOf(value, request, leaves);
  }
  return { origins, thirdPartyTarget: origins.tracking_id === 'third_party' };
}

interface Leaf {
  text: string;
  prose: boolean;
}

function originOf(value: string | number, request: string, leaves: readonly Leaf[]): ArgOrigin {
  const wanted = squashDigits(String(value).trim().toLowerCase());
  if (!wanted) return 'model';
  if (mentions(request, wanted)) return 'user_request';
  if (typeof value === 'string' && wanted.length >= PROSE_MIN_LENGTH && mostWordsIn(request, wanted)) return 'user_request';
  if (leaves.some((leaf) => !leaf.prose && squashDigits(leaf.text.toLowerCase()) === wanted)) return 'tool_result';
  if (leaves.some((leaf) => leaf.prose && mentions(squashDigits(leaf.text.toLowerCase()), wanted))) return 'third_party';
  return 'model';
}

/** `needle` in `text` as a whole token: 500 is not in 1500, TTN-000004 is not in TTN-0000045. */
function mentions(text: string, needle: string): boolean {
  let from = text.indexOf(needle);
  while (from >= 0) {
    const before = text[from - 1] ?? ' ';
    const after = text[from + needle.length] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
    from = text.indexOf(needle, from + 1);
  }
  return false;
}

/** A reason the model condensed from the request keeps most of the request's words. */
function mostWordsIn(text: string, phrase: string): boolean {
  const words = phrase.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4);
  if (words.length === 0) return false;
  return words.filter((w) => text.includes(w)).length / words.length >= 0.6;
}

/** "6 200" and "6 200" read as 6200: people group digits, tools do not. */
function squashDigits(text: string): string {
  return text.replace(/(?<=\d)[\s\u00a0\u202f](?=\d{3}\b)/gu, '');
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function leavesOf(value: unknown, thirdParty: boolean, out: Leaf[] = []): Leaf[] {
  if (typeof value === 'string') out.push({ text: value, prose: thirdParty || (value.length >= PROSE_MIN_LENGTH && /\s/.test(value)) });
  else if (typeof value === 'number') out.push({ text: String(value), prose: false });
  else if (Array.isArray(value)) for (const item of value) leavesOf(item, thirdParty, out);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) leavesOf(item, thirdParty, out);
  return out;
}
