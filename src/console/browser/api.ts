import { ApiError } from './api-error.js';

/** Where the API key is kept: for this tab only, gone when it closes. */
export const KEY_STORAGE = 'waybill.console.key';

/** The API key of this tab, or '' when signed out. */
export const apiKey = (): string => sessionStorage.getItem(KEY_STORAGE) ?? '';

/** The message of an error body (`{"error":{"code","message"}}`), if it has one. */
export function errorOf(data: unknown): { code?: string; message?: string } {
  const error = typeof data === 'object' && data !== null ? (data as { error?: unknown }).error : undefined;
  return typeof error === 'object' && error !== null ? (error as { code?: string; message?: string }) : {};
}

/**
 * Calls the API with the tab's key and returns the JSON body as `T` (the server's contract; the
 * console trusts its own server). Throws {@link ApiError} on a non-2xx status; a 401 also forgets the
 * key, so the next page load asks for another.
 */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${apiKey()}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = { error: { code: 'bad_response', message: text.slice(0, 200) } };
  }
  if (!res.ok) {
    const error = errorOf(data);
    if (res.status === 401) sessionStorage.removeItem(KEY_STORAGE);
    throw new ApiError(error.message || res.statusText, res.status, error.code);
  }
  return data as T;
}
