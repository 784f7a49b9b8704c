import type { SqlDialect } from '../../storage/index.js';
import type { ControlSwitch } from './control-store.js';

/** The `control` component's tables, version 1 — switches, tenant daily limits, tenant daily usage. */
export const controlSchemaV1 = (d: SqlDialect): string => `
      CREATE TABLE control_switches (
        scope TEXT NOT NULL,
        name TEXT NOT NULL,
        on_since TEXT NOT NULL,
        changed_by TEXT NOT NULL,
        reason TEXT,
        PRIMARY KEY (scope, name)
      );
      CREATE TABLE control_tenant_limits (tenant TEXT PRIMARY KEY, max_tokens_per_day ${d.bigint}, max_usd_per_day ${d.double});
      CREATE TABLE control_tenant_usage (
        tenant TEXT NOT NULL, day TEXT NOT NULL,
        tokens ${d.bigint} NOT NULL DEFAULT 0, usd ${d.double} NOT NULL DEFAULT 0, runs INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tenant, day)
      );
    `;

/** The tool name a `tool_disabled` switch is stored under, else the switch's kind. */
export const switchName = (target: ControlSwitch): string => (target.kind === 'tool_disabled' ? `tool_disabled:${target.tool}` : target.kind);
