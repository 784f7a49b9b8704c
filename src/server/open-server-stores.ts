import type { TenantEndpoints } from '../models/index.js';
import { openTenantEndpoints } from '../models/index.js';
import type { DailyBudgetStore } from '../policy/index.js';
import { openDailyBudgetStore } from '../policy/index.js';
import { openProtocolStore } from './agent-protocol/open-protocol-store.js';
import type { ProtocolStore } from './agent-protocol/protocol-store.js';
import type { ApiKeyStore } from './api-key-store.js';
import { openApiKeyStore } from './open-api-key-store.js';
import { openWebhookStore } from './open-webhook-store.js';
import type { WebhookStore } from './webhook-store.js';

export interface ServerStores {
  webhookStore: WebhookStore;
  keys: ApiKeyStore;
  protocol: ProtocolStore;
  /** Tenants' own model endpoints, sealed (docs/service.md). */
  endpoints: TenantEndpoints;
  /** Tenants' daily budgets as charged per model call, for the admin view's `usage_today`. */
  dailyBudget: DailyBudgetStore;
  close(): Promise<void>;
}

/** Opens the API key, webhook, Agent Protocol, tenant endpoint and daily budget stores at `location`; if one fails, those opened are closed. */
export async function openServerStores(location: string): Promise<ServerStores> {
  const opened: Array<{ close(): Promise<void> }> = [];
  const closeAll = async () => {
    for (const store of opened.splice(0)) await store.close().catch(() => undefined);
  };
  try {
    const webhookStore = await openWebhookStore(location);
    opened.push(webhookStore);
    const keys = await openApiKeyStore(location);
    opened.push(keys);
    const protocol = await openProtocolStore(location);
    opened.push(protocol);
    const endpoints = await openTenantEndpoints(location);
    opened.push(endpoints);
    const dailyBudget = await openDailyBudgetStore(location);
    opened.push(dailyBudget);
    return { webhookStore, keys, protocol, endpoints, dailyBudget, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
