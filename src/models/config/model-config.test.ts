import { describe, expect, it } from 'vitest';
import { endpointFor, loadModelConfig, OPENROUTER_BASE_URL } from './model-config.js';

describe('loadModelConfig', () => {
  it('uses the offline planner when nothing is configured, or when asked to', () => {
    expect(loadModelConfig({}).main).toBeUndefined();
    expect(loadModelConfig({ WAYBILL_MODEL: 'offline', OPENROUTER_API_KEY: 'k' }).main).toBeUndefined();
  });

  it('reads an OpenRouter key as gpt-4.1 on OpenRouter, judged by gpt-4.1-mini', () => {
    const config = loadModelConfig({ OPENROUTER_API_KEY: 'sk-or' });
    expect(config.main).toEqual({ model: 'openai/gpt-4.1', baseUrl: OPENROUTER_BASE_URL, apiKey: 'sk-or' });
    expect(endpointFor(config, 'judge')?.model).toBe('openai/gpt-4.1-mini');
    expect(endpointFor(config, 'agent')?.model).toBe('openai/gpt-4.1');
    expect(config.temperature).toBe(0.1);
  });

  it('reads an OpenAI key as gpt-4.1 on OpenAI', () => {
    expect(loadModelConfig({ OPENAI_API_KEY: 'sk' }).main).toEqual({ model: 'gpt-4.1', apiKey: 'sk' });
  });

  it('takes a local server by base URL and model, with no key', () => {
    const config = loadModelConfig({ WAYBILL_MODEL: 'llama3.1:8b', WAYBILL_BASE_URL: 'http://127.0.0.1:11434/v1' });
    expect(config.main).toEqual({ model: 'llama3.1:8b', baseUrl: 'http://127.0.0.1:11434/v1' });
    expect(config.cheap?.model).toBe('llama3.1:8b');
  });

  it('adds a fallback that inherits the main endpoint unless told otherwise', () => {
    const config = loadModelConfig({ WAYBILL_MODEL: 'a', WAYBILL_BASE_URL: 'http://127.0.0.1:1/v1', WAYBILL_API_KEY: 'k', WAYBILL_FALLBACK_MODEL: 'b' });
    expect(config.fallbacks).toEqual([{ model: 'b', baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k' }]);
  });

  it.each([
    [{ WAYBILL_BASE_URL: 'http://127.0.0.1:1/v1' }, 'WAYBILL_MODEL: is required when WAYBILL_BASE_URL is set'],
    [{ WAYBILL_MODEL: 'm', WAYBILL_BASE_URL: 'localhost:8080' }, 'WAYBILL_BASE_URL: must be an http(s) URL'],
    [{ WAYBILL_MODEL: 'm', WAYBILL_BASE_URL: 'not a url' }, 'WAYBILL_BASE_URL: is not a URL'],
    [{ WAYBILL_TEMPERATURE: 'hot' }, 'WAYBILL_TEMPERATURE: must be a number from 0 to 2'],
    [{ WAYBILL_MODEL_RETRIES: '1.5' }, 'WAYBILL_MODEL_RETRIES: must be a whole number'],
  ])('names the bad variable in %j', (env, message) => {
    expect(() => loadModelConfig(env)).toThrow(message);
  });
});
