import type { SqlDialect } from '../../storage/index.js';
import { POSTGRES_DIALECT, SQLITE_DIALECT } from '../../storage/index.js';
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

/** Each control table and the column of `control_revision` its writes count in. */
const COUNTED_TABLES = [
  ['control_switches', 'switches'],
  ['control_tenant_limits', 'limits'],
  ['control_tenant_usage', 'usage'],
] as const;

const REVISION_TABLE = (d: SqlDialect): string => `
      CREATE TABLE control_revision (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        switches ${d.bigint} NOT NULL, limits ${d.bigint} NOT NULL, usage ${d.bigint} NOT NULL
      );
      INSERT INTO control_revision (id, switches, limits, usage) VALUES (1, 0, 0, 0);`;

/**
 * Version 2 — `control_revision`: one row counting the writes to each control table, kept by triggers,
 * so readers can tell that switches, limits or usage changed (in any process) from one indexed read,
 * whatever else is written to the database (issue 36: the file's `data_version` moved with every write
 * of a run's own other connections, and the cache missed 62% of the time). The count moves in the
 * writing transaction, so a reader never sees the new count before the new rows.
 */
export const controlRevisionSqlite = (): string =>
  REVISION_TABLE(SQLITE_DIALECT) +
  COUNTED_TABLES.flatMap(([table, column]) =>
    ['INSERT', 'UPDATE', 'DELETE'].map(
      (event) => `
      CREATE TRIGGER ${table}_${event.toLowerCase()}_revision AFTER ${event} ON ${table}
      BEGIN UPDATE control_revision SET ${column} = ${column} + 1 WHERE id = 1; END;`,
    ),
  ).join('');

/** The same on PostgreSQL: one trigger per table and statement (TRUNCATE included, which `waybill db copy` runs). */
export const controlRevisionPostgres = (): string =>
  `${REVISION_TABLE(POSTGRES_DIALECT)}
      CREATE FUNCTION control_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE control_revision SET switches = switches + (TG_ARGV[0] = 'switches')::int, limits = limits + (TG_ARGV[0] = 'limits')::int,
          usage = usage + (TG_ARGV[0] = 'usage')::int WHERE id = 1;
        RETURN NULL;
      END $$;` +
  COUNTED_TABLES.map(
    ([table, column]) => `
      CREATE TRIGGER ${table}_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION control_revision_bump('${column}');`,
  ).join('');

/** The tool name a `tool_disabled` switch is stored under, else the switch's kind. */
export const switchName = (target: ControlSwitch): string => (target.kind === 'tool_disabled' ? `tool_disabled:${target.tool}` : target.kind);
