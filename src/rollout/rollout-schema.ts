import type { SqlDialect } from '../storage/index.js';
import type { ChangeKind, ChangeState, RolloutChange, RolloutEvent, RolloutEventType } from './rollout-store.js';

/**
 * The `rollout` component, version 1: tenant stages, changes (at most one in `canary` per tenant, held by
 * a partial unique index), one outcome row per run of a change, and the append-only history.
 */
export const rolloutSchemaV1 = (d: SqlDialect): string => `
      CREATE TABLE rollout_stages (tenant TEXT PRIMARY KEY, stage TEXT NOT NULL, changed_at TEXT NOT NULL, changed_by TEXT NOT NULL);
      CREATE TABLE rollout_changes (
        id TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        kind TEXT NOT NULL,
        stable_version TEXT NOT NULL,
        candidate_version TEXT NOT NULL,
        percent ${d.double} NOT NULL,
        state TEXT NOT NULL,
        min_candidate_runs INTEGER NOT NULL,
        margin ${d.double} NOT NULL,
        started_at TEXT NOT NULL,
        started_by TEXT NOT NULL,
        ended_at TEXT${d.insertionOrder}
      );
      CREATE UNIQUE INDEX rollout_one_canary ON rollout_changes (tenant) WHERE state = 'canary';
      CREATE INDEX rollout_changes_tenant ON rollout_changes (tenant, started_at);
      CREATE TABLE rollout_outcomes (run_id TEXT PRIMARY KEY, change_id TEXT NOT NULL, arm TEXT NOT NULL, bad INTEGER NOT NULL, at TEXT NOT NULL);
      CREATE INDEX rollout_outcomes_change ON rollout_outcomes (change_id, arm);
      CREATE TABLE rollout_events (
        id ${d.bigSerialKey},
        at TEXT NOT NULL,
        tenant TEXT NOT NULL,
        change_id TEXT,
        type TEXT NOT NULL,
        by_whom TEXT NOT NULL,
        detail TEXT NOT NULL
      );
      CREATE INDEX rollout_events_tenant ON rollout_events (tenant, id);
    `;

/** A `rollout_changes` row as both backends read it. */
export interface ChangeRow {
  id: string;
  tenant: string;
  kind: string;
  stable_version: string;
  candidate_version: string;
  percent: number;
  state: string;
  min_candidate_runs: number;
  margin: number;
  started_at: string;
  started_by: string;
  ended_at: string | null;
}

export function changeOfRow(row: ChangeRow): RolloutChange {
  return {
    id: row.id,
    tenant: row.tenant,
    kind: row.kind as ChangeKind,
    stableVersion: row.stable_version,
    candidateVersion: row.candidate_version,
    percent: Number(row.percent),
    state: row.state as ChangeState,
    rule: { minCandidateRuns: Number(row.min_candidate_runs), margin: Number(row.margin) },
    startedAt: row.started_at,
    startedBy: row.started_by,
    ...(row.ended_at !== null && { endedAt: row.ended_at }),
  };
}

export interface EventRow {
  id: number | string;
  at: string;
  tenant: string;
  change_id: string | null;
  type: string;
  by_whom: string;
  detail: string;
}

export function eventOfRow(row: EventRow): RolloutEvent {
  return { id: Number(row.id), at: row.at, tenant: row.tenant, changeId: row.change_id, type: row.type as RolloutEventType, by: row.by_whom, detail: JSON.parse(row.detail) as Record<string, unknown> };
}

/** Arm totals from `SELECT arm, COUNT(*) AS runs, SUM(bad) AS bad ... GROUP BY arm`. */
export function tallyOfRows(rows: ReadonlyArray<{ arm: string; runs: number | string; bad: number | string | null }>) {
  const arm = (name: string) => {
    const row = rows.find((r) => r.arm === name);
    return { runs: Number(row?.runs ?? 0), bad: Number(row?.bad ?? 0) };
  };
  return { stable: arm('stable'), candidate: arm('candidate') };
}
