import type { ControlSnapshot, ControlStore, TenantDailyLimits, TenantUsage } from './control-store.js';

/**
 * The runs' view of the control store: switches, daily limits and usage are read once, and again only
 * when the store's `revision()` says something changed (in any process). `snapshot()` checks the
 * revision, since the step gate and the tool gate call it first; `dailyLimits()` and `usage()` then
 * answer from what was read under that revision. Writes go straight through. A store without
 * `revision()` is returned as it is, read on every call.
 *
 * The step gate read the store three times per model call (14 reads a run, issue 22); with this it
 * reads one revision per step. The MCP server does not use it: the boundary reads the switches on
 * every call.
 */
export function cachedControlReads(store: ControlStore): ControlStore {
  const revisionOf = store.revision?.bind(store);
  if (!revisionOf) return store;
  let revision: string | undefined;
  let values = new Map<string, unknown>();
  const refresh = async (): Promise<void> => {
    const now = await revisionOf();
    if (now !== revision) {
      revision = now;
      values = new Map();
    }
  };
  async function remember<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (values.has(key)) return values.get(key) as T;
    const value = await read();
    values.set(key, value);
    return value;
  }
  return {
    async snapshot(tenant: string): Promise<ControlSnapshot> {
      await refresh();
      return remember(`snapshot:${tenant}`, () => store.snapshot(tenant));
    },
    async dailyLimits(tenant: string): Promise<TenantDailyLimits> {
      if (revision === undefined) await refresh();
      return remember(`limits:${tenant}`, () => store.dailyLimits(tenant));
    },
    async usage(tenant: string, day: string): Promise<TenantUsage> {
      if (revision === undefined) await refresh();
      return remember(`usage:${tenant}:${day}`, () => store.usage(tenant, day));
    },
    setSwitch: (...args) => store.setSwitch(...args),
    addUsage: (...args) => store.addUsage(...args),
    setDailyLimits: (...args) => store.setDailyLimits(...args),
    revision: () => revisionOf(),
    close: () => store.close(),
  };
}
