import type { DomainStore } from '../domain-store.js';

/** What a domain operation needs: the store and a clock (injected so runs and tests are reproducible). */
export interface OperationContext {
  store: DomainStore;
  now: () => Date;
}
