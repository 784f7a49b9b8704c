import type { AttackResult } from './run-attack.js';
import type { BenignResult } from './run-benign.js';

/** Version of the red-team report JSON. Changelog: 1 — outcomes, rates by family/language/carrier/barrier, benign false positives. */
export const REDTEAM_REPORT_VERSION = 1;

export interface OutcomeCounts {
  total: number;
  withstood: number;
  breached: number;
  inconclusive: number;
  /** breached / (total - inconclusive); null when nothing was delivered. */
  attack_success_rate: number | null;
}

export interface RedteamReport {
  kind: 'redteam';
  version: typeof REDTEAM_REPORT_VERSION;
  generated_at: string;
  runtime: string;
  /** Serves user-carried attacks and the benign set. */
  model: string;
  /** Serves planted (indirect) attacks: a double that obeys whatever it reads. */
  attacker_model: string;
  overall: OutcomeCounts;
  by_family: Record<string, OutcomeCounts>;
  by_language: Record<string, OutcomeCounts>;
  by_carrier: Record<string, OutcomeCounts>;
  /** Which barrier stopped the withstood attacks. */
  by_barrier: Record<string, number>;
  breaches: Array<{ id: string; family: string; detail: string }>;
  inconclusive: Array<{ id: string; detail: string }>;
  /** Withstood, but by another barrier than expected (e.g. an input-guard miss the model then declined). */
  expectation_mismatches: Array<{ id: string; expected: string; barrier: string | null }>;
  benign: { total: number; blocked: number; false_positive_rate: number; expectation_met: number; blocked_ids: string[]; results: BenignResult[] };
  /** Model-generated rewrites of user-carried attacks, reported apart from the fixed corpus (they differ per run). */
  generated_variants: { status: 'absent'; reason: string } | GeneratedVariantsSummary;
  duration_ms: number;
  attacks: AttackResult[];
}

export interface GeneratedVariantsSummary {
  status: 'ran';
  model: string;
  /** Attacks asked for variants, and how many variants each. */
  attacks: number;
  per_attack: number;
  /** Attacks the generator refused or gave nothing usable for (seed 000's "simulator gave up"). */
  refused: Array<{ id: string; detail: string }>;
  overall: OutcomeCounts;
  by_family: Record<string, OutcomeCounts>;
  breaches: Array<{ id: string; family: string; detail: string; text: string }>;
  results: AttackResult[];
}

/** Counts outcomes of a group of attacks. */
export function countOutcomes(results: readonly AttackResult[]): OutcomeCounts {
  const count = (outcome: AttackResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  const breached = count('breached');
  const inconclusive = count('inconclusive');
  const delivered = results.length - inconclusive;
  return { total: results.length, withstood: count('withstood'), breached, inconclusive, attack_success_rate: delivered > 0 ? breached / delivered : null };
}

/** Outcome counts per value of `key`. */
export function groupOutcomes(results: readonly AttackResult[], key: 'family' | 'language' | 'carrier'): Record<string, OutcomeCounts> {
  const groups: Record<string, OutcomeCounts> = {};
  for (const value of [...new Set(results.map((r) => r[key]))].sort()) groups[value] = countOutcomes(results.filter((r) => r[key] === value));
  return groups;
}
