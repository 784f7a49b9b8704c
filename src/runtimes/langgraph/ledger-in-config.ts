import { getConfig } from '@langchain/langgraph';
import { addLedgerSource, RunLedger } from '../core/index.js';

/** The `configurable` key a LangGraph run carries its ledger under. */
const LEDGER_KEY = '__waybill_ledger';

// Registered once, when the LangGraph runtime is loaded.
addLedgerSource(() => (getConfig()?.configurable as Record<string, unknown> | undefined)?.[LEDGER_KEY]);

/**
 * The `configurable` entry that carries `ledger` through a graph invocation: LangChain propagates its
 * config to every node, middleware, tool and nested graph of the run, where `currentLedger` finds it
 * (so LangGraph runs enter no AsyncLocalStorage of Waybill's). Checkpoints keep only the thread, the
 * namespace and the checkpoint id of a config, and metadata only LangGraph's own keys.
 */
export function ledgerConfigurable(ledger: RunLedger): Record<string, unknown> {
  return { [LEDGER_KEY]: ledger };
}

/** The ledger a config carries (`ledgerConfigurable`), if any. */
export function ledgerInConfig(config: { configurable?: Record<string, unknown> } | undefined): RunLedger | undefined {
  const ledger = config?.configurable?.[LEDGER_KEY];
  return ledger instanceof RunLedger ? ledger : undefined;
}
