/** Raw front-matter fields: a string, or a list of strings for `[a, b]` and `- item` forms. */
type FrontMatterFields = Record<string, string | string[]>;

/** A document split into its front matter and its Markdown body. */
interface FrontMatter {
  fields: FrontMatterFields;
  body: string;
}

/** The parse outcome: a value, or an error that names the line. */
export type FrontMatterResult = { success: true; value: FrontMatter } | { success: false; error: string };

const FENCE = /^---\s*$/;
const KEY_LINE = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/;
const LIST_ITEM = /^\s+-\s+(.*)$/;

/**
 * Parses the small front-matter dialect the corpus uses: a `---` line, then `key: value`,
 * `key: [a, b]` or `key:` followed by indented `- item` lines, then `---`. Not YAML: no nesting, no
 * multi-line strings; quotes around a value are removed. Never throws.
 */
export function parseFrontMatter(text: string): FrontMatterResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!FENCE.test(lines[0] ?? '')) return { success: false, error: 'does not start with a --- front-matter line' };
  const fields: FrontMatterFields = {};
  let openList: string[] | undefined;
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (FENCE.test(line)) return { success: true, value: { fields, body: lines.slice(i + 1).join('\n') } };
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const item = LIST_ITEM.exec(line);
    if (item && openList) {
      openList.push(unquote(item[1] ?? ''));
      continue;
    }
    const match = KEY_LINE.exec(line);
    if (!match) return { success: false, error: `front matter line ${i + 1} is not "key: value": ${line.slice(0, 60)}` };
    const [, key = '', raw = ''] = match;
    if (key in fields) return { success: false, error: `front matter repeats the key "${key}" (line ${i + 1})` };
    const value = raw.trim();
    openList = undefined;
    if (value === '') fields[key] = openList = [];
    else if (value.startsWith('[')) {
      if (!value.endsWith(']')) return { success: false, error: `front matter line ${i + 1}: a list must end with "]"` };
      fields[key] = splitList(value.slice(1, -1));
    } else fields[key] = unquote(value);
  }
  return { success: false, error: 'front matter is not closed by a --- line' };
}

function splitList(inner: string): string[] {
  return inner.trim() === '' ? [] : inner.split(',').map((part) => unquote(part.trim())).filter((part) => part !== '');
}

function unquote(value: string): string {
  const trimmed = value.trim();
  const quoted = trimmed.length >= 2 && (trimmed[0] === '"' || trimmed[0] === "'") && trimmed.at(-1) === trimmed[0];
  return quoted ? trimmed.slice(1, -1) : trimmed;
}
