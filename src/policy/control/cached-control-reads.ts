import type { ControlRevision, ControlSnapshot, ControlStore, TenantDailyLimits, TenantUsage } from './control-store.js';

type Kind = keyof ControlRevision;
const KINDS: readonly Kind[] = ['switches', 'limits', 'usage'];

/**
 * The runs' view of the control store: switches, daily limits and usage are read once, and again only
 * when the store's `revision()` says that kind of value changed (in any process). `snapshot()` reads the
 * revision, since the step gate and the tool gate call it first; `dailyLimits()` and `usage()` then
 * answer from what was read under that revision. Writes go straight through. A store without
 * `revision()` is returned as it is, read on every call.
 *
 * The step gate read the store three times per model call (14 reads a run, issue 22). Keyed on the
 * file's `data_version`, the cache still missed 62% of the time (issue 36: the run's own writes on its
 * other connections moved it; 3.5 snapshot reads a run); keyed on the control tables' own counts, a run
 * reads its switches again only after an operator changed one. The MCP server does not use it: the
 * boundary reads the switches on every call.
 */
export function cachedControlReads(store: ControlStore): ControlStore {
  const revisionOf = store.revision?.bind(store);
  if (!revisionOf) return store;
  let revision: ControlRevision | undefined;
  const values: Record<Kind, Map<string, unknown>> = { switches: new Map(), limits: new Map(), usage: new Map() };
  // Bumped with each clear: a read that started before a change finishes after it is not kept (runs
  // of one process read at once, and on PostgreSQL a read can outlast another run's refresh).
  const generation: Record<Kind, number> = { switches: 0, limits: 0, usage: 0 };
  const refresh = async (): Promise<void> => {
    const now = await revisionOf();
    for (const kind of KINDS) {
      if (now[kind] === revision?.[kind]) continue;
      values[kind].clear();
      generation[kind] += 1;
    }
    revision = now;
  };
  async function remember<T>(kind: Kind, key: string, read: () => Promise<T>): Promise<T> {
    const cached = values[kind];
    if (cached.has(key)) return cached.get(key) as T;
    const started = generation[kind];
    const value = await read();
    if (generation[kind] === started) cached.set(key, value);
    return value;
  }
  return {
    async snapshot(tenant: string): Promise<ControlSnapshot> {
      await refresh();
      return remember('switches', tenant, () => store.snapshot(tenant));
    },
    async dailyLimits(tenant: string): Promise<TenantDailyLimits> {
      if (revision === undefined) await refresh();
      return remember('limits', tenant, () => store.dailyLimits(tenant));
    },
    async usage(tenant: string, day: string): Promise<TenantUsage> {
      if (revision === undefined) await refresh();
      return remember('usage', `${tenant}\u0000${day}`, () => store.usage(tenant, day));
    },
    setSwitch: (...args) => store.setSwitch(...args),
    addUsage: (...args) => store.addUsage(...args),
    setDailyLimits: (...args) => store.setDailyLimits(...args),
    revision: () => revisionOf(),
    ...(store.usageWrite && { usageWrite: store.usageWrite.bind(store) }),
    close: () => store.close(),
  };
}
