import type { Fact } from '../agents/index.js';

/** Fields never copied into facts: personal data stays with the worker that needed it. */
const PRIVATE_FIELDS: ReadonlySet<string> = new Set(['recipient', 'sender', 'phone', 'email', 'name_of_recipient', 'note', 'notes', 'comment', 'history']);
const MAX_FACTS_PER_RESULT = 40;
const MAX_TEXT_FACT = 240;

type Scalar = string | number | boolean;
const isScalar = (value: unknown): value is Scalar => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

// An element of a list is named by its own identifier (`warehouses[WH-KYIV].qty`), not by its position.
function keyOf(item: Record<string, unknown>, index: number): string {
  const id = Object.entries(item).find(([field, value]) => (field.endsWith('_id') || field === 'id' || field === 'sku') && typeof value === 'string');
  return id ? String(id[1]) : String(index);
}

/**
 * The exact values of one successful domain result, as facts: top-level scalars, and scalars of each
 * object in a list, named by the list item's id. Free text that may carry planted instructions (notes,
 * comments, history) and personal data are left out; long text is left out rather than cut, because a
 * fact is verbatim or absent. The envelope's own `status: ok` is not a fact.
 */
export function collectFacts(tool: string, data: Readonly<Record<string, unknown>>): Fact[] {
  const facts: Fact[] = [];
  const add = (field: string, value: Scalar) => {
    if (typeof value === 'string' && value.length > MAX_TEXT_FACT) return;
    if (facts.length < MAX_FACTS_PER_RESULT) facts.push({ tool, field, value });
  };
  for (const [field, value] of Object.entries(data)) {
    if (field === 'status' || PRIVATE_FIELDS.has(field)) continue;
    if (isScalar(value)) add(field, value);
    else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (typeof item !== 'object' || item === null || Array.isArray(item)) return;
        const record = item as Record<string, unknown>;
        const key = keyOf(record, index);
        for (const [inner, innerValue] of Object.entries(record)) {
          if (!PRIVATE_FIELDS.has(inner) && isScalar(innerValue) && innerValue !== key) add(`${field}[${key}].${inner}`, innerValue);
        }
      });
    }
  }
  return facts;
}
