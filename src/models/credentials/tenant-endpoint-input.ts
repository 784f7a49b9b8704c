/** What a tenant brings: its model, the OpenAI-compatible base URL that serves it, and (optionally) its key. */
export interface TenantEndpointInput {
  model: string;
  baseUrl: string;
  apiKey?: string | undefined;
}

/** A tenant endpoint refused as given; `problems` name fields and never quote the values. */
export class TenantEndpointInputError extends Error {
  override readonly name = 'TenantEndpointInputError';
  readonly code = 'invalid_endpoint';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`invalid model endpoint: ${problems.join('; ')}`);
    this.problems = problems;
  }

  static isInstance(value: unknown): value is TenantEndpointInputError {
    return value instanceof Error && value.name === 'TenantEndpointInputError';
  }
}

const MODEL = /^[\x21-\x7e]{1,200}$/;
const KEY = /^[\x21-\x7e]{8,4096}$/;

/**
 * The problems of `input` as "field: what is wrong", empty when it can be stored. The base URL may not
 * carry a user or password (a key belongs in `api_key`, sealed); messages never repeat a value, since
 * a mistyped field may hold the key.
 */
export function checkTenantEndpoint(input: TenantEndpointInput): string[] {
  const problems: string[] = [];
  if (!MODEL.test(input.model)) problems.push('model: 1 to 200 printable characters, no spaces');
  let url: URL | undefined;
  try {
    url = input.baseUrl.length <= 2000 ? new URL(input.baseUrl) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) problems.push('base_url: an http(s) URL of at most 2000 characters');
  else if (url.username !== '' || url.password !== '') problems.push('base_url: must not carry a user or password; send the key as api_key');
  if (input.apiKey !== undefined && !KEY.test(input.apiKey)) problems.push('api_key: 8 to 4096 printable characters, no spaces');
  return problems;
}
