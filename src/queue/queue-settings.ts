import { postgresSchemaOf } from '../storage/postgres/postgres-schema-of.js';

/**
 * How the run queue behaves, the same for every process that shares it (the service that enqueues and
 * each worker). All times are seconds. Read from the environment by {@link queueSettingsFromEnv}.
 */
export interface QueueSettings {
  /** PostgreSQL schema of pg-boss's tables: `pgboss`, or `<schema>_pgboss` when the URL selects a search_path. */
  schema: string;
  /**
   * The job lease: a job whose worker stopped renewing it for this long is expired by maintenance and
   * retried by another worker. A worker renews it every third of it while the job runs.
   */
  leaseSeconds: number;
  /** How often some process (any one: pg-boss elects it in the database) expires leases and archives jobs. */
  maintenanceSeconds: number;
  /** How long an idle worker waits before asking the queue again. */
  pollSeconds: number;
  /** Attempts after the first before a job goes to the dead-letter queue. */
  retryLimit: number;
  retryDelaySeconds: number;
}

/** Defaults: a killed worker's job is picked up again within lease + maintenance + poll = 30 + 5 + 1 s. */
export const DEFAULT_QUEUE_SETTINGS: Omit<QueueSettings, 'schema'> = {
  leaseSeconds: 30,
  maintenanceSeconds: 5,
  pollSeconds: 1,
  retryLimit: 5,
  retryDelaySeconds: 2,
};

/** Thrown for a queue setting outside its range; `variable` names the environment variable. */
export class QueueSettingsError extends Error {
  readonly code = 'queue_setting_invalid';
  constructor(readonly variable: string, message: string) {
    super(`${variable} ${message}`);
    this.name = 'QueueSettingsError';
  }
}

const RANGES = {
  leaseSeconds: ['WAYBILL_QUEUE_LEASE_SECONDS', 3, 3600],
  maintenanceSeconds: ['WAYBILL_QUEUE_MAINTENANCE_SECONDS', 1, 600],
  pollSeconds: ['WAYBILL_QUEUE_POLL_SECONDS', 0.5, 60],
  retryLimit: ['WAYBILL_QUEUE_RETRY_LIMIT', 0, 100],
  retryDelaySeconds: ['WAYBILL_QUEUE_RETRY_DELAY_SECONDS', 0, 3600],
} as const;

/**
 * The queue settings for the database at `url`: defaults, overridden by WAYBILL_QUEUE_LEASE_SECONDS,
 * WAYBILL_QUEUE_MAINTENANCE_SECONDS, WAYBILL_QUEUE_POLL_SECONDS, WAYBILL_QUEUE_RETRY_LIMIT and
 * WAYBILL_QUEUE_RETRY_DELAY_SECONDS. Throws QueueSettingsError naming a bad variable.
 */
export function queueSettingsFromEnv(url: string, env: NodeJS.ProcessEnv = process.env): QueueSettings {
  const settings: QueueSettings = { schema: queueSchemaFor(url), ...DEFAULT_QUEUE_SETTINGS };
  for (const [key, [variable, min, max]] of Object.entries(RANGES) as [keyof typeof RANGES, (typeof RANGES)[keyof typeof RANGES]][]) {
    const text = env[variable]?.trim();
    if (!text) continue;
    const value = Number(text);
    const whole = key === 'retryLimit' || key === 'leaseSeconds' || key === 'maintenanceSeconds' || key === 'retryDelaySeconds';
    if (!Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value))) {
      throw new QueueSettingsError(variable, `must be a ${whole ? 'whole ' : ''}number from ${min} to ${max}, got ${JSON.stringify(text)}`);
    }
    settings[key] = value;
  }
  return settings;
}

/**
 * pg-boss's schema for a Waybill database: installations that share one PostgreSQL database through
 * different search_paths (and parallel tests) must not share a queue either.
 */
export function queueSchemaFor(url: string): string {
  const schema = postgresSchemaOf(url);
  return schema === 'public' ? 'pgboss' : `${schema}_pgboss`;
}
