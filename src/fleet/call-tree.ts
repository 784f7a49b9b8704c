import type { RolesTable, StopReason } from '../policy/index.js';
import { grantOf } from '../policy/index.js';

/** How deep a delegation chain may go by default: supervisor → worker → one more level. */
const DEFAULT_MAX_DEPTH = 2;

export type DelegationVerdict = { allowed: true } | { allowed: false; stopReason: StopReason; detail: string };

/**
 * Whether `callee` may be delegated to by the last agent of `path` (the chain from the root, e.g.
 * `['supervisor']`). Who may call whom is the roles table's `delegates` (a tree: supervisor to workers,
 * workers to nobody). A callee already on the path is a cycle; a chain longer than `maxDepth`
 * delegations is too deep; a call outside the tree is a policy denial. Checked in that order, so a
 * cycle is named as a cycle even when the table would also deny it.
 */
export function checkDelegation(options: { roles: RolesTable; path: readonly string[]; callee: string; maxDepth?: number }): DelegationVerdict {
  const { roles, path, callee } = options;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const caller = path.at(-1);
  if (caller === undefined) return { allowed: false, stopReason: `policy_deny:${callee}`, detail: 'a delegation needs a caller' };
  if (path.includes(callee)) return { allowed: false, stopReason: 'cycle_detected', detail: `${[...path, callee].join(' → ')}: ${callee} is already on the call path` };
  if (path.length > maxDepth) return { allowed: false, stopReason: 'depth_limit', detail: `${[...path, callee].join(' → ')} is ${path.length} delegations deep; the limit is ${maxDepth}` };
  if (!(grantOf(roles, caller)?.delegates.includes(callee) ?? false)) {
    return { allowed: false, stopReason: `policy_deny:${callee}`, detail: `${caller} may not delegate to ${callee} (roles table)` };
  }
  return { allowed: true };
}
