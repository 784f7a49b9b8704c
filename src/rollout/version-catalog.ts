import type { ModelEndpoint } from '../models/index.js';
import { loadModelConfig } from '../models/index.js';
import { RUNTIME_NAMES } from '../runtimes/index.js';
import type { RuntimeName } from '../runtimes/index.js';
import type { ChangeKind } from './rollout-store.js';
import type { RunTarget } from './run-target.js';

/**
 * What a version of a change runs on: the target `base` becomes for that version, or undefined when
 * this build cannot run that version (then `start` refuses the change, naming the field). `base`
 * is the process's own configuration; a catalog never changes anything a version does not name.
 */
export type VersionCatalog = (kind: ChangeKind, version: string, base: RunTarget) => RunTarget | undefined;

/** The version every kind knows: what the process runs with no change at all. */
export const BASE_VERSION = 'base';

// Options only LangGraph takes; a target moved to another framework must drop them or that framework refuses to open.
const LANGGRAPH_ONLY = ['delegation', 'maxParallelDelegations', 'model'] as const;
// Every option that picks the model; a model version replaces them all.
const MODEL_CHOICES = ['endpoint', 'modelConfig', 'planner', 'model', 'offline'] as const;

/**
 * The versions this build can run (docs/rollout.md "Versions"):
 * - every kind: `base`;
 * - `runtime`: a runtime name (`langgraph`, `openai-agents`, `adk`), on the base's model;
 * - `model`: `offline` (the offline planner), or a model name served by the configured endpoint
 *   (`WAYBILL_BASE_URL` and key; none configured: only `offline`).
 * Prompts and policies have no versions but `base` yet: the kernel has one prompt set and one policy.
 */
export function defaultVersionCatalog(main: ModelEndpoint | undefined = loadModelConfig().main): VersionCatalog {
  return (kind, version, base) => {
    if (version === BASE_VERSION) return base;
    if (kind === 'runtime') {
      const name = RUNTIME_NAMES.find((known) => known === version);
      if (!name) return undefined;
      return { ...base, key: `${base.key}|runtime:${name}`, runtimeName: name as RuntimeName, options: name === 'langgraph' ? base.options : withoutKeys(base.options, LANGGRAPH_ONLY) };
    }
    if (kind === 'model') {
      const rest = withoutKeys(base.options, MODEL_CHOICES);
      if (version === 'offline') return { ...base, key: `${base.key}|model:offline`, options: { ...rest, offline: true } };
      if (!main) return undefined;
      return { ...base, key: `${base.key}|model:${version}`, options: { ...rest, endpoint: { ...main, model: version } } };
    }
    return undefined;
  };
}

function withoutKeys<T extends object>(value: T, keys: readonly string[]): T {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key))) as T;
}
