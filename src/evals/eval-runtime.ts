import { randomBytes } from 'node:crypto';
import { dropPostgresSchema, freshPostgresSchema, isPostgresUrl, withPostgresSchema } from '../storage/index.js';
import type { Runtime, RuntimeName } from '../runtimes/index.js';

/** What `open` may be given; a runtime refuses (TypeError) what it cannot use. */
export interface EvalOpenOptions {
  /** A database file prepared by the caller (planted content); default a fresh in-memory one. */
  dbPath?: string;
  /**
   * A model to use instead of the environment's (e.g. the attacker-controlled double). Its type is the
   * runtime's own (a LangChain chat model for `langgraph`); a runtime throws TypeError for one it cannot use.
   */
  model?: unknown;
  /** Force the offline planner whatever the environment configures (tests, `--offline`). */
  offline?: boolean;
  /** The clock of the runs and the domain (the operator set's "today"); default the real one. */
  now?: () => Date;
}

/**
 * A runtime the evals can drive: it opens one fresh, isolated kernel `Runtime` (its own domain, runs
 * and checkpoints) per trial, so trials never see each other's writes. Graders read `domain` for the
 * final state and `runs.listEvents` for the trace.
 */
export interface EvalRuntime {
  readonly name: string;
  open(options?: EvalOpenOptions): Promise<Runtime>;
}

/**
 * The named runtime as the evals open it, through the kernel's registry. With `database` a PostgreSQL
 * URL (`waybill eval … --db postgres://…`), each trial without a planted database gets a fresh schema
 * of its own there (`wb_eval_<random>`), dropped when the trial's runtime closes.
 */
export function evalRuntime(name: RuntimeName, database?: string): EvalRuntime {
  return {
    name,
    async open(options: EvalOpenOptions = {}): Promise<Runtime> {
      const { openRuntime } = await import('../runtimes/index.js');
      const open = (dbPath: string) => openRuntime(name, { dbPath, ...(options.model !== undefined && { model: options.model }), ...(options.offline && { offline: true }), ...(options.now && { now: options.now }) });
      if (options.dbPath !== undefined || database === undefined || !isPostgresUrl(database)) return open(options.dbPath ?? ':memory:');
      const schema = `wb_eval_${randomBytes(6).toString('hex')}`;
      const url = await freshPostgresSchema(withPostgresSchema(database, schema), schema);
      const runtime = await open(url);
      const close = runtime.close.bind(runtime);
      return Object.assign(runtime, { close: async () => {
        await close();
        await dropPostgresSchema(database, schema);
      } });
    },
  };
}
