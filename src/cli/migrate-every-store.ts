import { openDomainStore } from '../domain/index.js';
import { openKnowledgeStore } from '../knowledge/open-knowledge-store.js';
import { openTenantEndpointRows } from '../models/index.js';
import { openControlStore, openDailyBudgetStore } from '../policy/index.js';
import { openRolloutStore } from '../rollout/index.js';
import { openProtocolStore } from '../server/agent-protocol/open-protocol-store.js';
import { openApiKeyStore } from '../server/open-api-key-store.js';
import { openWebhookStore } from '../server/open-webhook-store.js';
import { openRunStore } from '../telemetry/index.js';

/** The stores `waybill db migrate` and `waybill db copy` bring up to date, by the name they print. */
const STORES: ReadonlyArray<readonly [string, (location: string) => Promise<{ close(): Promise<void> }>]> = [
  // The domain first: on SQLite it creates the file and the schema registry.
  ['domain', (location) => openDomainStore({ path: location })],
  ['runs', openRunStore],
  ['control', openControlStore],
  ['daily budgets', (location) => openDailyBudgetStore(location)],
  ['tenant endpoints', openTenantEndpointRows],
  ['rollout', openRolloutStore],
  ['api keys', openApiKeyStore],
  ['webhooks', openWebhookStore],
  ['agent protocol', openProtocolStore],
  ['knowledge', openKnowledgeStore],
];

/**
 * Opens and closes every store at `location` (opening migrates it, or refuses a newer schema with a
 * StoreError), and returns their names. The LangGraph checkpoint tables are the caller's: their saver
 * is opened separately.
 */
export async function migrateEveryStore(location: string): Promise<string[]> {
  for (const [, open] of STORES) await (await open(location)).close();
  return STORES.map(([name]) => name);
}
