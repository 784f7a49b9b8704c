import { byId } from './by-id.js';
import type { Child } from './h.js';
import { h } from './h.js';

/** A status as a coloured pill (the stylesheet colours it by its class). */
export const pill = (status: string): HTMLSpanElement => h('span', { class: `status ${status}` }, status);

/** A value as indented JSON. */
export const json = (value: unknown): HTMLPreElement => h('pre', {}, JSON.stringify(value, null, 2));

/** An error as an alert: an API error's status and message, or the value as text. */
export function errorBox(e: unknown): HTMLParagraphElement {
  const fields: { status?: unknown; message?: unknown } = typeof e === 'object' && e !== null ? e : {};
  const status = fields.status ? `${String(fields.status)} ` : '';
  return h('p', { class: 'error', role: 'alert' }, status + (fields.message ? String(fields.message) : String(e)));
}

/** A link within the console or to another page. */
export const link = (href: string, text: string): HTMLAnchorElement => h('a', { href }, text);

/** Replaces what `#main` shows; empty values (null, '', false) are left out. */
export function show(...children: Child[]): void {
  byId('main').replaceChildren(...(children.flat(2).filter(Boolean) as (Node | string)[]));
}
