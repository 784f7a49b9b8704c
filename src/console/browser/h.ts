/** An attribute value; `null`, `undefined` and `false` leave the attribute out, `true` sets it empty. */
type AttrValue = string | number | boolean | null | undefined;

/** Attributes by name; an `on…` name takes a listener for that event (`onclick` listens to `click`). */
type Attrs = Record<string, AttrValue | ((event: Event) => void)>;

/** A child: nodes are appended, other values as text; `null`, `undefined` and `false` are skipped. */
export type Child = Node | string | number | boolean | null | undefined | readonly Child[];

const SVG_TAGS = { svg: 1, rect: 1, line: 1, text: 1, g: 1, polyline: 1, path: 1, title: 1, circle: 1 } as const;
type SvgTag = keyof typeof SVG_TAGS;

const isSvgTag = (tag: string): tag is SvgTag => Object.prototype.hasOwnProperty.call(SVG_TAGS, tag);

/**
 * Makes an element. Data reaches the page only as attributes and text nodes, never parsed as markup,
 * so run answers and arguments cannot inject any. The SVG tags of the charts are made in the SVG
 * namespace (`title` too: the console only uses it inside a chart).
 */
export function h<K extends SvgTag>(tag: K, attrs?: Attrs | null, ...children: Child[]): SVGElementTagNameMap[K];
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K];
export function h(tag: string, attrs?: Attrs | null, ...children: Child[]): Element {
  const el = document.createElementNS(isSvgTag(tag) ? 'http://www.w3.org/2000/svg' : 'http://www.w3.org/1999/xhtml', tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v as EventListener);
    else if (k === 'class') el.setAttribute('class', String(v));
    // The property, not the attribute: a select's chosen option and an input's current value.
    else if (k === 'value') (el as HTMLInputElement).value = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat(3) as Child[]) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
  return el;
}
