import type { Caller } from '../caller.js';
import type { DomainStore } from '../domain-store.js';

/**
 * How an irreversible call is authorised. `required` (every boundary): only on a grant from the
 * approval store, consumed with the effect. `not_checked`: the caller vouches that a human approved
 * (the in-process runtimes until they present grants; never reachable from a transport).
 */
export interface ApprovalPolicy {
  grants: 'required' | 'not_checked';
  /** Refunds up to this many UAH are approved automatically and recorded as decision `auto`. */
  autoApproveUpToUah?: number;
  /** Where a human decides: the console's approvals page. */
  consoleUrl?: string;
}

/** What a domain operation needs: the store, a clock (injected so runs and tests are reproducible), the caller. */
export interface OperationContext {
  store: DomainStore;
  now: () => Date;
  /** Scopes every read and write to the caller's tenant; absent only for operator tooling and store tests. */
  caller?: Caller;
  /** Default: grants required. */
  approvals?: ApprovalPolicy;
}
