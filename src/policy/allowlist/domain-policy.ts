import { MAX_REFUND_UAH } from '../../domain/index.js';

/** Business rules on top of argument schemas, changeable per deployment or tenant. */
export interface DomainPolicy {
  /** Refunds above this are refused even after approval. Default: 5000 UAH. */
  refundCapUah: number;
  /** Cancellations with a refund strictly below this run without a human. Default: 0 (every one needs approval). */
  autoApproveBelowUah: number;
  /** Refuses every write while set. Default: false. */
  readOnly: boolean;
}

export const DEFAULT_DOMAIN_POLICY: DomainPolicy = Object.freeze({
  refundCapUah: MAX_REFUND_UAH,
  autoApproveBelowUah: 0,
  readOnly: false,
});

/** Validates and completes a partial policy; throws RangeError naming what is allowed. */
export function defineDomainPolicy(overrides: Partial<DomainPolicy> = {}): DomainPolicy {
  const policy = { ...DEFAULT_DOMAIN_POLICY, ...overrides };
  if (!Number.isFinite(policy.refundCapUah) || policy.refundCapUah < 0 || policy.refundCapUah > MAX_REFUND_UAH) {
    throw new RangeError(`refundCapUah must be between 0 and ${MAX_REFUND_UAH}, got ${policy.refundCapUah}`);
  }
  if (!Number.isFinite(policy.autoApproveBelowUah) || policy.autoApproveBelowUah < 0 || policy.autoApproveBelowUah > policy.refundCapUah) {
    throw new RangeError(`autoApproveBelowUah must be between 0 and refundCapUah (${policy.refundCapUah}), got ${policy.autoApproveBelowUah}`);
  }
  return Object.freeze(policy);
}
