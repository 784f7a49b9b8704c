import type { ExecutionCheck, OpenNamedRuntimeOptions, RunObserver, Runtime, RuntimeName } from '../runtimes/index.js';
import type { RunVariant } from '../telemetry/index.js';
import type { ResumeArm } from './resume-arm.js';
import type { RunCaller, RunTarget, TargetChooser } from './run-target.js';

/** How the pool opens a target's runtime (tests pass a fake; default `openRuntime`). */
export type OpenTargetRuntime = (name: RuntimeName, options: OpenNamedRuntimeOptions) => Promise<Runtime>;

export interface RuntimePoolOptions {
  /** The database every runtime of the pool shares (a SQLite path or a `postgres://` URL). */
  dbPath: string;
  /** What a run runs on when no chooser changes it; opened at once, so a bad configuration fails early. */
  base: RunTarget;
  /** Applied in order to every run (`route`): the rollout's arm, a tenant's own model endpoint. */
  choosers?: readonly TargetChooser[];
  /**
   * Where the part of a run after an approval or a crash runs when the run has a rollout arm: on that
   * arm's version (rolloutResumeArm). Without it, or for a run without an arm, the framework's base target.
   */
  resumeArm?: ResumeArm;
  /**
   * Applied to the part of a run after an approval (decide, recover), after `resumeArm`: what must hold
   * for every run of a tenant, such as its own model endpoint.
   */
  resumeChoosers?: readonly TargetChooser[];
  /** Given to every runtime the pool opens. */
  onRunFinished?: RunObserver;
  /** Given to every runtime the pool opens: asked before each irreversible call runs (the tenant's stage, stageExecutionCheck). */
  executionCheck?: ExecutionCheck;
  open?: OpenTargetRuntime;
  /** Closed after the runtimes, by `close` (the stores the choosers read). */
  closeAfter?: ReadonlyArray<{ close(): Promise<void> }>;
}

/**
 * The seam where a run's target is chosen per run instead of per process (docs/rollout.md): one
 * runtime per distinct target `key`, opened on first use and kept until `close`. Every runtime of the
 * pool shares one database, so runs, pauses and approvals are visible to all of them.
 */
export class RuntimePool {
  readonly base: Runtime;
  readonly #options: RuntimePoolOptions;
  readonly #open: OpenTargetRuntime;
  readonly #runtimes = new Map<string, Promise<Runtime>>();
  #closed = false;

  private constructor(options: RuntimePoolOptions, open: OpenTargetRuntime, base: Runtime) {
    this.#options = options;
    this.#open = open;
    this.base = base;
    this.#runtimes.set(options.base.key, Promise.resolve(base));
  }

  /** Opens the base target's runtime and returns the pool; throws what opening it throws. */
  static async open(options: RuntimePoolOptions): Promise<RuntimePool> {
    const open = options.open ?? (async (name, opts) => (await import('../runtimes/index.js')).openRuntime(name, opts));
    let base: Runtime;
    try {
      base = await open(options.base.runtimeName, runtimeOptions(options, options.base));
    } catch (error) {
      await Promise.all((options.closeAfter ?? []).map((resource) => resource.close()));
      throw error;
    }
    return new RuntimePool(options, open, base);
  }

  /** The target a caller's run goes to: the base, through every chooser in order. Throws a chooser's refusal. */
  async choose(caller: RunCaller): Promise<RunTarget> {
    let target = this.#options.base;
    for (const chooser of this.#options.choosers ?? []) target = await chooser(caller, target);
    return target;
  }

  /** The opened runtime of `target`, opening it on first use (once, however many runs ask at the same time). */
  async runtimeOf(target: RunTarget): Promise<Runtime> {
    if (this.#closed) throw new Error('the runtime pool is closed');
    let opening = this.#runtimes.get(target.key);
    if (!opening) {
      opening = this.#open(target.runtimeName, runtimeOptions(this.#options, target));
      this.#runtimes.set(target.key, opening);
      // A target that failed to open is tried again by the next run instead of failing every run after it.
      opening.catch(() => this.#runtimes.delete(target.key));
    }
    return opening;
  }

  /**
   * Where `tenant`'s run that paused (or was left in flight) on framework `name` is decided, resumed or
   * recovered: on that framework (its pause is that framework's), on the version of the rollout arm the
   * run started on (`started`, through `resumeArm`), else the base options; then `resumeChoosers`.
   * Returns the runtime and the arm to record the part under.
   */
  async resumeRuntime(tenant: string, name: RuntimeName, started?: RunVariant): Promise<{ runtime: Runtime; variant?: RunVariant }> {
    let target = this.#named(name);
    if (started && this.#options.resumeArm) target = await this.#options.resumeArm(started, target);
    const variant = target.variant;
    for (const chooser of this.#options.resumeChoosers ?? []) target = await chooser({ tenant, user: tenant, internal: false }, target);
    return { runtime: await this.runtimeOf(target), ...(variant && { variant }) };
  }

  #named(name: RuntimeName): RunTarget {
    if (name === this.#options.base.runtimeName) return this.#options.base;
    return { key: `${this.#options.base.key}|runtime:${name}`, runtimeName: name, options: this.#options.base.options };
  }

  /** The keys of the targets opened so far, for status output. */
  openedKeys(): string[] {
    return [...this.#runtimes.keys()].sort();
  }

  /** Closes every runtime the pool opened (those that failed to open are skipped). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const opened = await Promise.allSettled([...this.#runtimes.values()]);
    await Promise.all(opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value.close()] : [])));
    await Promise.all((this.#options.closeAfter ?? []).map((resource) => resource.close()));
  }
}

function runtimeOptions(pool: RuntimePoolOptions, target: RunTarget): OpenNamedRuntimeOptions {
  return { ...target.options, dbPath: pool.dbPath, ...(pool.onRunFinished && { onRunFinished: pool.onRunFinished }), ...(pool.executionCheck && { executionCheck: pool.executionCheck }) };
}
