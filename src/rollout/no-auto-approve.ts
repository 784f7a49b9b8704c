import { DEFAULT_DOMAIN_POLICY } from '../policy/index.js';
import type { RunTarget } from './run-target.js';

/**
 * A candidate arm's target: a version on trial gets no autonomy, so every cancellation it proposes
 * waits for a human, even where the tenant's policy approves small refunds by itself. Other targets are
 * returned as they are.
 */
export function noAutoApprove(target: RunTarget): RunTarget {
  const policy = target.options.policy ?? DEFAULT_DOMAIN_POLICY;
  if (target.variant?.arm !== 'candidate' || target.variant.rerouted || !(policy.autoApproveBelowUah > 0)) return target;
  return { ...target, key: `${target.key}|no-auto-approve`, options: { ...target.options, policy: { ...policy, autoApproveBelowUah: 0 } } };
}
