import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { IntentHolder, RunIntent, RunStore } from '../../telemetry/index.js';

/** How long a run in flight stays its holder's without a renewal; renewed every third of it. */
const DEFAULT_RUN_LEASE_MS = 30_000;

/** `WAYBILL_RUN_LEASE_MS` (1 s to 1 h) or the default; a bad value is named, not ignored. */
export function runLeaseMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.WAYBILL_RUN_LEASE_MS;
  if (raw === undefined || raw === '') return DEFAULT_RUN_LEASE_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1000 || ms > 3_600_000) throw new RangeError(`WAYBILL_RUN_LEASE_MS must be a whole number of milliseconds from 1000 to 3600000, got "${raw}"`);
  return ms;
}

const HOST = hostname();
const PROCESS_OWNER = `${HOST}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** This process as a lease holder: `host:pid:nonce` (the nonce tells a reused pid apart). */
export function leaseOwner(): string {
  return PROCESS_OWNER;
}

/**
 * Whether the process holding a run in flight is gone: its lease ran out, or it was a process of this
 * host that no longer exists (a killed `ask` is then recoverable at once, not after the lease).
 */
export function holderIsGone(intent: Pick<RunIntent, 'owner' | 'leaseUntil'>, now: Date): boolean {
  if (intent.leaseUntil <= now.toISOString()) return true;
  if (intent.owner === PROCESS_OWNER) return false;
  const [host, pid] = intent.owner.split(':');
  if (host !== HOST || pid === undefined || !/^\d+$/.test(pid)) return false;
  if (Number(pid) === process.pid) return true; // this process, another nonce: an earlier life of the pid
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** A lease this process holds on one run in flight, renewed in the background until `stop` or `end`. */
export class HeldLease {
  readonly #timer: NodeJS.Timeout;
  readonly #release: () => Promise<boolean>;
  /** This holding, as the run's end names it: written only while the intent is still this one (RunStore.saveFinishedRun). */
  readonly holder: IntentHolder;

  /** `attempts`: the intent's attempt count when this process began (1) or took it. */
  constructor(runs: RunStore, runId: string, leaseMs: number, now: () => Date, attempts: number) {
    this.holder = { owner: PROCESS_OWNER, attempts };
    this.#release = () => runs.renewIntent(runId, PROCESS_OWNER, now().toISOString(), attempts);
    this.#timer = setInterval(() => {
      void runs.renewIntent(runId, PROCESS_OWNER, new Date(now().getTime() + leaseMs).toISOString(), attempts).then(
        (held) => {
          // Finished, or taken over (by another process, or by this one again): nothing of ours to renew.
          if (!held) this.stop();
        },
        () => undefined, // a failed renewal is retried at the next tick; the lease may run out meanwhile
      );
    }, Math.max(250, Math.floor(leaseMs / 3)));
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /**
   * Stops renewing and lets the lease lapse now: this process no longer runs the run (it threw, or its
   * record could not be saved), so any recoverer may take it at once instead of after a whole lease.
   * Best effort: when the store cannot be reached either, the lease lapses on its own.
   */
  async end(): Promise<void> {
    this.stop();
    await this.#release().catch(() => false);
  }
}
