import { canonicalJson, findDomainTool } from '../../domain/index.js';
import type { RunLedger } from './run-ledger.js';

/**
 * The one rule for irreversible calls on every runtime: a pause presents exactly one irreversible
 * action, so of the irreversible calls a model proposes in one reply only the first goes on (to
 * vetting and approval); each further one is denied (`policy_deny`, audited, listed as a denied call)
 * and the answer says it was not done. Nothing a human did not see ever runs. Returns the calls kept.
 */
export function oneIrreversibleCall<T extends { name: string; args: Record<string, unknown> }>(run: RunLedger, agent: string, calls: readonly T[]): T[] {
  let seen = false;
  const kept: T[] = [];
  for (const call of calls) {
    if (findDomainTool(call.name)?.risk !== 'irreversible') {
      kept.push(call);
      continue;
    }
    if (!seen) {
      seen = true;
      kept.push(call);
      continue;
    }
    const detail = `policy_deny:${call.name}: one irreversible action per approval; ${canonicalJson(call.args)} was not done`;
    run.audit({ agent, type: 'policy.deny', tool: call.name, args: call.args, status: 'denied', detail });
    run.toolCalls.push({ agent, tool: call.name, args: call.args, status: 'denied', duration_ms: 0 });
    const target = String(call.args.tracking_id ?? call.name);
    const notDone = {
      uk: `${target}: не виконано — за один раз підтверджується лише одна незворотна дія; попросіть окремо.`,
      ru: `${target}: не выполнено — за один раз подтверждается только одно необратимое действие; попросите отдельно.`,
      en: `${target}: not done: only one irreversible action is approved at a time; ask for it separately.`,
    };
    run.notes.push(notDone[run.language]);
  }
  return kept;
}
