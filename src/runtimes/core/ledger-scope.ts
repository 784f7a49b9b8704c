import { AsyncLocalStorage } from 'node:async_hooks';
import { RunLedger } from './run-ledger.js';

const scope = new AsyncLocalStorage<RunLedger>();
const sources: Array<() => unknown> = [];

/**
 * Lets an adapter whose framework already carries a context through every step (LangChain's runnable
 * config) hand ledgers through it: `currentLedger` asks each source before its own AsyncLocalStorage,
 * whose propagation hook, once entered, runs on every promise of the process (about 2,700 a LangGraph
 * run, 0.14 µs each, issue 22).
 */
export function addLedgerSource(source: () => unknown): void {
  if (!sources.includes(source)) sources.push(source);
}

/** Runs `fn` with `ledger` visible to every middleware, tool and model call it reaches, however nested. */
export function withLedger<T>(ledger: RunLedger, fn: () => Promise<T>): Promise<T> {
  return scope.run(ledger, fn);
}

/**
 * The run the caller is part of: from an adapter's source (`addLedgerSource`), else the one
 * `withLedger` set. Throws outside one: a tool or model call with no run would skip the gates, so it
 * fails closed (a wiring bug, not user input).
 */
export function currentLedger(): RunLedger {
  for (const source of sources) {
    const ledger = source();
    if (ledger instanceof RunLedger) return ledger;
  }
  const ledger = scope.getStore();
  if (!ledger) throw new Error('no run ledger: agents must be run through their Waybill runtime');
  return ledger;
}
