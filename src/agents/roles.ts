import type { RolesTable } from '../policy/index.js';

/** One agent of the system: who it is and what it is granted. */
export interface RoleSpec {
  /** The job in a few words (DESIGN.md §4). */
  role: string;
  /** When the supervisor should hand it work. */
  handles: string;
  tools: readonly string[];
  delegates: readonly string[];
  scopes: readonly string[];
}

/**
 * The roles table: the one source of truth for which agent may call which tool, delegate to whom, and
 * read which knowledge. An agent not named here gets nothing.
 */
export const ROLES = {
  supervisor: {
    role: 'coordinator',
    handles: 'routes each request to workers and summarises; never touches the domain',
    tools: [],
    delegates: ['tracking_agent', 'warehouse_agent', 'pricing_agent'],
    scopes: ['customer'],
  },
  tracking_agent: {
    role: 'delivery-service operator',
    handles: 'shipment status, history, delays and cancellation with refund',
    tools: ['track_shipment', 'cancel_shipment', 'search_policies'],
    delegates: [],
    scopes: ['customer', 'refunds', 'operations'],
  },
  warehouse_agent: {
    role: 'storekeeper',
    handles: 'stock by SKU and warehouse',
    tools: ['check_stock', 'search_policies'],
    delegates: [],
    scopes: ['customer', 'operations'],
  },
  pricing_agent: {
    role: 'tariff clerk',
    handles: 'delivery price and time',
    tools: ['calc_delivery', 'search_policies'],
    delegates: [],
    scopes: ['customer', 'tariffs'],
  },
} as const satisfies Record<string, RoleSpec>;

export type AgentName = keyof typeof ROLES;

/**
 * The table as the policy layer reads it: the same object, widened to `RolesTable`, so the policy layer
 * needs no agent names. `@alias` tells knip the second name is intended.
 * @alias
 */
export const ROLES_TABLE: RolesTable = ROLES;
