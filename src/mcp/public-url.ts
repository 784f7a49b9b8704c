/** A base URL people can open: http(s), a host, no spaces; a trailing slash is dropped. */
export function checkPublicUrl(value: string): { url: string } | { problem: string } {
  const trimmed = value.trim();
  if (!/^https?:\/\/[^\s/]+(\/\S*)?$/.test(trimmed)) return { problem: `must be an http(s) URL such as https://waybill.example.com, got ${JSON.stringify(value.slice(0, 80))}` };
  return { url: trimmed.replace(/\/+$/, '') };
}

/**
 * `WAYBILL_PUBLIC_URL`: the base URL of `waybill serve` as people reach it (behind a proxy, on another
 * port), where approval links point. Undefined when unset or not a usable URL; the links then point at
 * serve's default address.
 */
export function publicUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env.WAYBILL_PUBLIC_URL;
  if (value === undefined || value.trim() === '') return undefined;
  const checked = checkPublicUrl(value);
  return 'url' in checked ? checked.url : undefined;
}
