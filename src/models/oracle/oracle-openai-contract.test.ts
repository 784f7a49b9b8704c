import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainToolSpecs } from '../../testing/domain-tool-specs.js';
import { countTokens } from '../tokens/token-counter.js';
import type { RunningOracle } from './serve-oracle.js';
import { serveOracle } from './serve-oracle.js';

// The official `openai` client against the oracle on a local port: every parameter is honoured or
// refused with an OpenAI-shaped 400 that names it; none is silently ignored.

let oracle: RunningOracle;
let client: OpenAI;
const tools = domainToolSpecs() as OpenAI.ChatCompletionTool[];
const tracking: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Де зараз посилка TTN-000001?' }];
const poem: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Write me a long poem about the sea, the wind and the gulls, please' }];
const base = { model: 'gpt-4.1' };

beforeAll(async () => {
  oracle = await serveOracle({ port: 0 });
  client = new OpenAI({ apiKey: 'not-needed', baseURL: oracle.baseUrl, maxRetries: 0 });
});
afterAll(async () => {
  await oracle.close();
});

/** The client's error for a refused request: status and OpenAI's `{message, type, param, code}`. */
async function refusal(request: Promise<unknown>): Promise<{ status: number | undefined; type: string | undefined; param: string | null | undefined; code: string | null | undefined; message: string }> {
  const error = await request.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OpenAI.APIError);
  const apiError = error as InstanceType<typeof OpenAI.APIError>;
  expect(Object.keys((apiError.error ?? {}) as object).sort()).toEqual(['code', 'message', 'param', 'type']);
  return { status: apiError.status, type: apiError.type ?? undefined, param: apiError.param, code: apiError.code, message: apiError.message };
}

describe('tool_choice', () => {
  it('auto (the default) calls the tool the planner picks', async () => {
    const reply = await client.chat.completions.create({ ...base, messages: tracking, tools });
    expect(reply.choices[0]?.message.tool_calls?.map((c) => (c.type === 'function' ? c.function.name : c.type))).toEqual(['track_shipment']);
    expect(reply.choices[0]?.finish_reason).toBe('tool_calls');
  });

  it('none answers in text, with no tool call', async () => {
    const reply = await client.chat.completions.create({ ...base, messages: tracking, tools, tool_choice: 'none' });
    expect(reply.choices[0]?.message.tool_calls).toBeUndefined();
    expect(typeof reply.choices[0]?.message.content).toBe('string');
    expect(reply.choices[0]?.finish_reason).toBe('stop');
  });

  it('required and a named function call that tool, or refuse when the planner has no such call', async () => {
    const required = await client.chat.completions.create({ ...base, messages: tracking, tools, tool_choice: 'required' });
    expect(required.choices[0]?.message.tool_calls).toHaveLength(1);
    const named = await client.chat.completions.create({ ...base, messages: tracking, tools, tool_choice: { type: 'function', function: { name: 'track_shipment' } } });
    expect(named.choices[0]?.message.tool_calls?.[0]).toMatchObject({ function: { name: 'track_shipment' } });
    expect(await refusal(client.chat.completions.create({ ...base, messages: poem, tools, tool_choice: 'required' }))).toMatchObject({ status: 400, param: 'tool_choice', code: 'tool_choice_unsatisfiable' });
    expect(await refusal(client.chat.completions.create({ ...base, messages: tracking, tools, tool_choice: { type: 'function', function: { name: 'check_stock' } } }))).toMatchObject({ status: 400, param: 'tool_choice' });
  });

  it('refuses a function that is not offered, and a tool_choice without tools', async () => {
    expect(await refusal(client.chat.completions.create({ ...base, messages: tracking, tools, tool_choice: { type: 'function', function: { name: 'launch_rocket' } } }))).toMatchObject({
      status: 400,
      type: 'invalid_request_error',
      param: 'tool_choice.function.name',
      code: 'invalid_value',
    });
    expect(await refusal(client.chat.completions.create({ ...base, messages: tracking, tool_choice: 'required' }))).toMatchObject({ status: 400, param: 'tool_choice' });
  });
});

describe('response_format', () => {
  it('json_object: the content is a JSON object (and the messages must say json)', async () => {
    const reply = await client.chat.completions.create({ ...base, messages: [{ role: 'user', content: 'Answer in JSON: write a poem about the sea' }], response_format: { type: 'json_object' } });
    const parsed = JSON.parse(reply.choices[0]?.message.content ?? '') as unknown;
    expect(parsed).toEqual({ answer: expect.any(String) });
    expect(await refusal(client.chat.completions.create({ ...base, messages: poem, response_format: { type: 'json_object' } }))).toMatchObject({ status: 400, param: 'messages' });
  });

  it('json_schema: the content is valid JSON of that shape; an unsupported keyword is refused by name', async () => {
    const schema = {
      type: 'object',
      properties: {
        answer: { type: 'string' },
        confidence: { type: 'number', minimum: 0.5, maximum: 1 },
        tags: { type: 'array', items: { type: 'string', enum: ['sea', 'wind'] }, minItems: 2 },
        kind: { $ref: '#/$defs/kind' },
        optional: { type: 'string' },
      },
      required: ['answer', 'confidence', 'tags', 'kind'],
      additionalProperties: false,
      $defs: { kind: { anyOf: [{ type: 'null' }, { type: 'integer' }] } },
    };
    const reply = await client.chat.completions.create({ ...base, messages: poem, response_format: { type: 'json_schema', json_schema: { name: 'poem', schema, strict: true } } });
    const value = JSON.parse(reply.choices[0]?.message.content ?? '') as Record<string, unknown>;
    expect(Object.keys(value).sort()).toEqual(['answer', 'confidence', 'kind', 'tags']);
    expect(typeof value.answer).toBe('string');
    expect((value.answer as string).length).toBeGreaterThan(0);
    expect(value.confidence).toBe(0.5);
    expect(value.tags).toEqual(['sea', 'sea']);
    expect(value.kind).toBeNull();
    const patterned = { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]+$' } }, required: ['code'] };
    const refused = await refusal(client.chat.completions.create({ ...base, messages: poem, response_format: { type: 'json_schema', json_schema: { name: 'p', schema: patterned } } }));
    expect(refused).toMatchObject({ status: 400, param: 'response_format.json_schema.schema' });
    expect(refused.message).toContain('"pattern"');
  });
});

describe('max_tokens, max_completion_tokens, stop and n', () => {
  it('cuts the content to the token limit with finish_reason length, under either name', async () => {
    for (const limit of [{ max_tokens: 5 }, { max_completion_tokens: 5 }]) {
      const reply = await client.chat.completions.create({ ...base, messages: poem, ...limit });
      const content = reply.choices[0]?.message.content ?? '';
      expect(content.length).toBeGreaterThan(0);
      expect(countTokens(content)).toBeLessThanOrEqual(5);
      expect(reply.choices[0]?.finish_reason).toBe('length');
      expect(reply.usage?.completion_tokens).toBe(countTokens(content));
    }
    const whole = await client.chat.completions.create({ ...base, messages: poem });
    expect(countTokens(whole.choices[0]?.message.content ?? '')).toBeGreaterThan(5);
  });

  it('ends the content before the first stop sequence', async () => {
    const whole = (await client.chat.completions.create({ ...base, messages: poem })).choices[0]?.message.content ?? '';
    const stop = whole.slice(10, 14);
    const reply = await client.chat.completions.create({ ...base, messages: poem, stop: [stop, 'never-there'] });
    expect(reply.choices[0]?.message.content).toBe(whole.slice(0, whole.indexOf(stop)));
    expect(reply.choices[0]?.finish_reason).toBe('stop');
  });

  it('returns n choices, plain and streamed, with usage counting all of them', async () => {
    const one = await client.chat.completions.create({ ...base, messages: tracking, tools });
    const three = await client.chat.completions.create({ ...base, messages: tracking, tools, n: 3 });
    expect(three.choices.map((c) => c.index)).toEqual([0, 1, 2]);
    expect(three.usage?.completion_tokens).toBe(3 * (one.usage?.completion_tokens ?? 0));
    const stream = await client.chat.completions.create({ ...base, messages: poem, n: 2, stream: true, max_tokens: 4 });
    const text = ['', ''];
    const finish: Array<string | null> = [null, null];
    for await (const chunk of stream) {
      for (const choice of chunk.choices) {
        text[choice.index] += choice.delta.content ?? '';
        if (choice.finish_reason) finish[choice.index] = choice.finish_reason;
      }
    }
    expect(text[0]).toBe(text[1]);
    expect(countTokens(text[0] ?? '')).toBeLessThanOrEqual(4);
    expect(finish).toEqual(['length', 'length']);
  });
});

describe('refused with an OpenAI-shaped 400', () => {
  it.each([
    ['temperature 5', { temperature: 5 }, 'temperature', 'above_max_value'],
    ['n 0', { n: 0 }, 'n', 'below_min_value'],
    ['max_tokens 0', { max_tokens: 0 }, 'max_tokens', 'below_min_value'],
    ['five stop sequences', { stop: ['a', 'b', 'c', 'd', 'e'] }, 'stop', null],
    ['top_p 1.5', { top_p: 1.5 }, 'top_p', 'above_max_value'],
    ['logprobs', { logprobs: true }, 'logprobs', 'invalid_value'],
    ['store', { store: true }, 'store', 'invalid_value'],
    ['an unknown field', { frobnicate: 1 }, 'frobnicate', 'unknown_parameter'],
    ['an unknown field in a message', { messages: [{ role: 'user', content: 'hi', colour: 'red' }] }, 'messages[0].colour', 'unknown_parameter'],
    ['an image part', { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'http://x' } }] }] }, 'messages[0].content', null],
    ['a tool message without its call', { messages: [{ role: 'tool', tool_call_id: 'call_1', content: '{}' }] }, 'messages[0].role', 'invalid_value'],
    ['max_tokens and max_completion_tokens that disagree', { max_tokens: 3, max_completion_tokens: 4 }, 'max_tokens', 'invalid_value'],
  ] as const)('%s', async (_label, extra, param, code) => {
    const body = { ...base, messages: poem, ...extra } as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming;
    const refused = await refusal(client.chat.completions.create(body));
    expect(refused.status).toBe(400);
    expect(refused.type).toBe('invalid_request_error');
    expect(refused.param).toBe(param);
    if (code !== null) expect(refused.code).toBe(code);
  });

  it('answers an unknown route and a bad body with JSON errors', async () => {
    const notFound = await fetch(`${oracle.baseUrl}/embeddings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('content-type')).toMatch(/application\/json/);
    expect(await notFound.json()).toEqual({ error: { message: expect.stringContaining('POST /v1/embeddings'), type: 'invalid_request_error', param: null, code: 'unknown_url' } });
    const badJson = await fetch(`${oracle.baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"model":' });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
  });
});
