import { ConfigError } from './config-error.js';

/** One OpenAI-compatible chat endpoint. */
export interface ModelEndpoint {
  /** As the provider names it, e.g. `openai/gpt-4.1` on OpenRouter or `llama3.1:8b` on Ollama. */
  model: string;
  /** Undefined means OpenAI's own API. */
  baseUrl?: string;
  apiKey?: string;
}

export interface ModelConfig {
  /** The agents' model; undefined means the offline planner serves. */
  main?: ModelEndpoint;
  /** Tried in order when the main model fails after its retries. */
  fallbacks: ModelEndpoint[];
  /** For judges and attack generation: cheaper than the agents' model. */
  cheap?: ModelEndpoint;
  temperature: number;
  timeoutMs: number;
  maxRetries: number;
}

export const OPENROUTER_BASE_URL = 'https://openrouter.ai/api/v1';

/** Task classes route to different models: agents to the main one, judges and attacks to the cheap one. */
export type TaskClass = 'agent' | 'judge' | 'attack';

/**
 * Reads the model configuration from the environment (a `.env` file is loaded into it at start-up):
 * WAYBILL_MODEL, WAYBILL_BASE_URL, WAYBILL_API_KEY, with OPENROUTER_API_KEY or OPENAI_API_KEY
 * recognised; WAYBILL_FALLBACK_MODEL / _BASE_URL / _API_KEY; WAYBILL_CHEAP_MODEL; WAYBILL_TEMPERATURE
 * (0.1), WAYBILL_MODEL_TIMEOUT_MS (60000), WAYBILL_MODEL_RETRIES (2). With none of them set, or with
 * WAYBILL_MODEL=offline, the offline planner serves. Throws ConfigError naming the bad variable.
 */
export function loadModelConfig(env: NodeJS.ProcessEnv = process.env): ModelConfig {
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const temperature = readNumber(read, 'WAYBILL_TEMPERATURE', 0.1, 0, 2);
  const timeoutMs = readNumber(read, 'WAYBILL_MODEL_TIMEOUT_MS', 60_000, 100, 600_000);
  const maxRetries = readNumber(read, 'WAYBILL_MODEL_RETRIES', 2, 0, 10);
  if (!Number.isInteger(maxRetries)) throw new ConfigError('WAYBILL_MODEL_RETRIES', `must be a whole number, got ${maxRetries}`);
  const base = { fallbacks: [] as ModelEndpoint[], temperature, timeoutMs, maxRetries };

  const openrouterKey = read('OPENROUTER_API_KEY');
  const openaiKey = read('OPENAI_API_KEY');
  let model = read('WAYBILL_MODEL');
  let baseUrl = read('WAYBILL_BASE_URL');
  const apiKey = read('WAYBILL_API_KEY') ?? openrouterKey ?? openaiKey;
  if (model?.toLowerCase() === 'offline') return base;
  if (!model && baseUrl) throw new ConfigError('WAYBILL_MODEL', 'is required when WAYBILL_BASE_URL is set (the server hosts which model?)');
  if (!model && openrouterKey) model = 'openai/gpt-4.1';
  else if (!model && openaiKey) model = 'gpt-4.1';
  if (!model) return base;
  if (!baseUrl && openrouterKey && !read('WAYBILL_API_KEY') && !openaiKey) baseUrl = OPENROUTER_BASE_URL;
  if (baseUrl) assertUrl('WAYBILL_BASE_URL', baseUrl);
  const main: ModelEndpoint = { model, ...(baseUrl && { baseUrl }), ...(apiKey && { apiKey }) };

  const fallbackModel = read('WAYBILL_FALLBACK_MODEL');
  const fallbacks: ModelEndpoint[] = [];
  if (fallbackModel) {
    const fallbackUrl = read('WAYBILL_FALLBACK_BASE_URL') ?? main.baseUrl;
    if (fallbackUrl) assertUrl('WAYBILL_FALLBACK_BASE_URL', fallbackUrl);
    const fallbackKey = read('WAYBILL_FALLBACK_API_KEY') ?? main.apiKey;
    fallbacks.push({ model: fallbackModel, ...(fallbackUrl && { baseUrl: fallbackUrl }), ...(fallbackKey && { apiKey: fallbackKey }) });
  }
  const cheapModel = read('WAYBILL_CHEAP_MODEL') ?? cheaperSibling(model);
  const cheap: ModelEndpoint = { ...main, model: cheapModel };
  return { ...base, main, fallbacks, cheap };
}

/** The endpoint for a task class: agents get the main model, judges and attack generation the cheap one. */
export function endpointFor(config: ModelConfig, task: TaskClass): ModelEndpoint | undefined {
  return task === 'agent' ? config.main : (config.cheap ?? config.main);
}

// gpt-4.1 agents are judged by gpt-4.1-mini, as in the seed; other models judge themselves.
function cheaperSibling(model: string): string {
  return /gpt-4\.1$/.test(model) ? `${model}-mini` : model;
}

function readNumber(read: (name: string) => string | undefined, name: string, fallback: number, min: number, max: number): number {
  const raw = read(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) throw new ConfigError(name, `must be a number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return value;
}

function assertUrl(name: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `is not a URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(name, `must be an http(s) URL, got ${url.protocol}`);
}
