import { describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE_SETTINGS, QueueSettingsError, queueSchemaFor, queueSettingsFromEnv } from './queue-settings.js';

const PLAIN = 'postgres://u@db/waybill';
const SCOPED = 'postgres://u@db/waybill?options=-c%20search_path%3Dacme';

describe('queueSettingsFromEnv', () => {
  it('uses the defaults and schema pgboss for a database without a search_path', () => {
    expect(queueSettingsFromEnv(PLAIN, {})).toEqual({ schema: 'pgboss', ...DEFAULT_QUEUE_SETTINGS });
  });

  it('keeps the queue of an installation in its own schema beside its search_path', () => {
    expect(queueSchemaFor(SCOPED)).toBe('acme_pgboss');
  });

  it('reads each setting from its variable', () => {
    const settings = queueSettingsFromEnv(PLAIN, { WAYBILL_QUEUE_LEASE_SECONDS: '5', WAYBILL_QUEUE_MAINTENANCE_SECONDS: '1', WAYBILL_QUEUE_POLL_SECONDS: '0.5', WAYBILL_QUEUE_RETRY_LIMIT: '9', WAYBILL_QUEUE_RETRY_DELAY_SECONDS: '0' });
    expect(settings).toEqual({ schema: 'pgboss', leaseSeconds: 5, maintenanceSeconds: 1, pollSeconds: 0.5, retryLimit: 9, retryDelaySeconds: 0 });
  });

  it.each([
    ['WAYBILL_QUEUE_LEASE_SECONDS', '2'],
    ['WAYBILL_QUEUE_LEASE_SECONDS', '4.5'],
    ['WAYBILL_QUEUE_POLL_SECONDS', 'soon'],
    ['WAYBILL_QUEUE_RETRY_LIMIT', '-1'],
  ])('refuses %s=%s naming the variable', (variable, value) => {
    expect(() => queueSettingsFromEnv(PLAIN, { [variable]: value })).toThrow(QueueSettingsError);
    expect(() => queueSettingsFromEnv(PLAIN, { [variable]: value })).toThrow(variable);
  });
});
