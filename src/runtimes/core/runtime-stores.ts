import type { DomainStore } from '../../domain/index.js';
import { openDomainStore } from '../../domain/index.js';
import { BUNDLED_CORPUS_DIR, KnowledgeBase } from '../../knowledge/index.js';
import type { ControlStore, DailyBudgetStore } from '../../policy/index.js';
import { openControlStore, openDailyBudgetStore } from '../../policy/index.js';
import type { RunStore } from '../../telemetry/index.js';
import { openRunStore } from '../../telemetry/index.js';

/** The stores every runtime runs on, opened from one location, and how to close them. */
export interface RuntimeStores {
  domain: DomainStore;
  controls: ControlStore;
  /** Tenants' daily budgets, charged per model call (component `budget`, beside the control store's tables). */
  dailyBudget: DailyBudgetStore;
  runs: RunStore;
  knowledge: KnowledgeBase;
  close(): Promise<void>;
}

/**
 * Opens the runtime's stores once, on one database (a SQLite path, `:memory:`, or a PostgreSQL URL):
 * the domain, operator controls, runs and the knowledge base (seeded with the bundled corpus). A
 * framework's own store (checkpoints, pauses) is its port's.
 */
export async function openRuntimeStores(location: string, options: { now?: (() => Date) | undefined } = {}): Promise<RuntimeStores> {
  // The domain store opens first: it creates the file (or the PostgreSQL tables) and the schema registry.
  const domain = await openDomainStore({ path: location });
  const controls = await openControlStore(location);
  const dailyBudget = await openDailyBudgetStore(location, options.now);
  const runs = await openRunStore(location);
  const knowledge = await KnowledgeBase.open({ path: location, seedCorpus: BUNDLED_CORPUS_DIR, ...(options.now && { now: options.now }) });
  return {
    domain,
    controls,
    dailyBudget,
    runs,
    knowledge,
    close: async () => {
      await knowledge.close();
      await Promise.all([runs.close(), controls.close(), dailyBudget.close(), domain.close()]);
    },
  };
}
