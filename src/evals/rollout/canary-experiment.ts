import type { RollbackRule, RunTarget, TargetOptions, VersionCatalog } from '../../rollout/index.js';
import { badOutcome, BASE_VERSION, openRolloutPool, routedRuntime } from '../../rollout/index.js';
import type { RunRecord } from '../../telemetry/index.js';
import { canaryRequests } from './canary-requests.js';

export interface CanaryExperimentOptions {
  /** A fresh database (SQLite path or `postgres://` URL) whose fixtures belong to `tenant`. */
  dbPath: string;
  /** What the worse version runs on, over the base (e.g. LangGraph's `model`: a sabotaging planner). */
  candidate: TargetOptions;
  candidateVersion?: string;
  requests: number;
  users: number;
  percent: number;
  rule: RollbackRule;
  /** Default `default`, the tenant that owns the fixture shipments. */
  tenant?: string;
  /** The change's id: it picks which users are the canary (default `chg-canary-experiment`, the same slice every time). */
  changeId?: string;
  /** Stop this many runs after the rollback (default: run every request). */
  runsAfterRollback?: number;
}

interface Arm {
  runs: number;
  bad: number;
  pauses: number;
}

/** What the experiment measured (bench/rollout-canary.mjs prints it; its test asserts on it). */
export interface CanaryExperimentResult {
  changeId: string;
  /** 1-based number of the request whose run tipped the change into `rolled_back`; null when it never was. */
  rolledBackAtRun: number | null;
  /** The `rollout.rolled_back` event's detail: the rates compared and the rule. */
  rollback: Record<string, unknown> | null;
  /** Runs of each arm up to and including the rollback, and after it. */
  before: { stable: Arm; candidate: Arm };
  after: { stable: Arm; candidate: Arm; unassigned: number };
  /** Pauses for approval decided by the experiment's human: approved when the call names the shipment the user asked to cancel, else rejected. */
  decisions: { approved: number; rejected: number };
  /** Cancellations the experiment's runs made in the domain, those whose grant came from a human's approval, and approvals decided by anything but a human. */
  cancellations: number;
  cancellationsApprovedByHuman: number;
  nonHumanDecisions: number;
  /** Rollout events of the tenant, in order. */
  events: string[];
}

const HUMAN = 'human:experiment-operator';

/**
 * Issue 37's acceptance experiment: a worse version rolled out to a `percent` canary of a tenant with
 * `users` users, `requests` requests in a fixed order, one at a time; reports the run at which the
 * change was rolled back automatically, what each arm ran before and after, and checks the domain
 * (cancellations against human-decided approvals) for anything irreversible done without a human.
 */
export async function runCanaryExperiment(options: CanaryExperimentOptions): Promise<CanaryExperimentResult> {
  const tenant = options.tenant ?? 'default';
  const version = options.candidateVersion ?? 'worse';
  const base: RunTarget = { key: 'base', runtimeName: 'langgraph', options: { offline: true } };
  const catalog: VersionCatalog = (kind, asked, target) => {
    if (asked === BASE_VERSION) return target;
    return kind === 'model' && asked === version ? { ...target, key: `${target.key}|model:${version}`, options: { ...target.options, ...options.candidate } } : undefined;
  };
  const { pool, rollouts } = await openRolloutPool({ dbPath: options.dbPath, base, catalog });
  const runtime = routedRuntime(pool);
  try {
    const cancelledBefore = await runtime.domain.countCancellations();
    // Started as `rollout start` would, under a fixed id so the same users are the canary every time.
    const change = await rollouts.startChange({ id: options.changeId ?? 'chg-canary-experiment', tenant, kind: 'model', stableVersion: BASE_VERSION, candidateVersion: version, percent: options.percent, rule: options.rule, by: 'experiment' });
    if (!change) throw new Error(`tenant ${tenant} already has a change in canary: the experiment needs a fresh database`);
    const arm = (): Arm => ({ runs: 0, bad: 0, pauses: 0 });
    const before = { stable: arm(), candidate: arm() };
    const after = { stable: arm(), candidate: arm(), unassigned: 0 };
    const decisions = { approved: 0, rejected: 0 };
    let rolledBackAtRun: number | null = null;
    const requests = canaryRequests(options.requests, options.users);
    for (const [index, request] of requests.entries()) {
      const record = await runtime.ask({ input: request.input, tenant, user: request.user, threadId: `canary-${index}` });
      const side = rolledBackAtRun === null ? before : after;
      count(side, record);
      if (record.status === 'awaiting_approval') {
        const approve = record.pending?.args.tracking_id === request.cancels && request.cancels !== undefined;
        await runtime.decide(record.thread_id, approve ? { type: 'approve', by: HUMAN } : { type: 'reject', by: HUMAN, reason: 'not the shipment the user asked to cancel' });
        decisions[approve ? 'approved' : 'rejected'] += 1;
      }
      if (rolledBackAtRun === null && (await rollouts.getChange(change.id))?.state === 'rolled_back') rolledBackAtRun = index + 1;
      if (rolledBackAtRun !== null && options.runsAfterRollback !== undefined && index + 1 - rolledBackAtRun >= options.runsAfterRollback) break;
    }
    const events = await rollouts.events(tenant);
    const rolledBack = events.find((event) => event.type === 'rollout.rolled_back');
    return { changeId: change.id, rolledBackAtRun, rollback: rolledBack?.detail ?? null, before, after, decisions, ...(await irreversibleEffects(runtime.domain, tenant, cancelledBefore)), events: events.map((event) => event.type) };
  } finally {
    await runtime.close();
  }
}

function count(side: { stable: Arm; candidate: Arm; unassigned?: number }, record: RunRecord): void {
  const arm = record.variant ? side[record.variant.arm] : undefined;
  if (!arm) {
    if (side.unassigned !== undefined) side.unassigned += 1;
    return;
  }
  arm.runs += 1;
  if (badOutcome(record) !== undefined) arm.bad += 1;
  if (record.status === 'awaiting_approval') arm.pauses += 1;
}

/** Every cancellation in the domain, checked against the approval whose grant paid for it. */
async function irreversibleEffects(domain: RoutedDomain, tenant: string, cancelledBefore: number): Promise<Pick<CanaryExperimentResult, 'cancellations' | 'cancellationsApprovedByHuman' | 'nonHumanDecisions'>> {
  const approvals = await domain.approvals.list({ tenant, limit: 1000 });
  const nonHumanDecisions = approvals.filter((approval) => approval.decision && approval.decision.decidedBy !== HUMAN).length;
  const paidByHuman = approvals.filter((approval) => approval.decision?.decidedBy === HUMAN && (approval.decision.kind === 'approve' || approval.decision.kind === 'edit') && approval.grant?.consumedBy !== undefined).length;
  return { cancellations: (await domain.countCancellations()) - cancelledBefore, cancellationsApprovedByHuman: paidByHuman, nonHumanDecisions };
}

type RoutedDomain = ReturnType<typeof routedRuntime>['domain'];
