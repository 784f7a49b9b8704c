import type { ArgOrigin } from '../approvals/approval-store.js';
import type { Caller } from '../caller.js';
import type { DomainStore } from '../store/domain-store.js';

/**
 * How an irreversible call is authorised: only on a grant from the approval store, consumed with the
 * effect, for every caller (the runtimes' in-process sessions included). `not_checked` exists for the
 * domain's own unit tests of the operations, which no MCP server or runtime ever passes.
 */
export interface ApprovalPolicy {
  grants: 'required' | 'not_checked';
  /** Refunds up to this many UAH are approved automatically and recorded as decision `auto`. */
  autoApproveUpToUah?: number;
  /**
   * Base URL of \`waybill serve\` as people reach it (\`WAYBILL_PUBLIC_URL\`): the approval links point at its
   * console and API. Default \`http://127.0.0.1:8787\`, serve's own default address.
   */
  publicUrl?: string;
}

/** What a domain operation needs: the store, a clock (injected so runs and tests are reproducible), the caller. */
export interface OperationContext {
  store: DomainStore;
  now: () => Date;
  /** Scopes every read and write to the caller's tenant; absent only for operator tooling and store tests. */
  caller?: Caller;
  /** Default: grants required. */
  approvals?: ApprovalPolicy;
  /** Argument origins the in-process runtime traced, filed with an approval request (never from a transport). */
  origins?: Record<string, ArgOrigin>;
}
