/** A JSON value built to match a schema, or the keyword (with its path) the builder cannot honour. */
type Built = { value: unknown } | { problem: string };

// Keywords whose constraint the builder satisfies; annotations are allowed too. Anything else is refused
// by name, so a schema is never answered with JSON of another shape.
const HONOURED = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'oneOf', '$ref', '$defs', 'definitions', 'minimum', 'maximum', 'minItems', 'maxItems', 'minLength', 'maxLength', 'nullable']);
const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', '$schema', '$id', '$comment', 'deprecated', 'readOnly', 'writeOnly', 'strict']);

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The smallest JSON value of a schema's shape that carries `text` (the planner's answer) in its first
 * string: required properties only, arrays at their minimum length, numbers at their lower bound,
 * the first enum value or union branch. Supports the subset structured outputs use; refuses the rest.
 */
export function jsonSchemaInstance(schema: unknown, text: string): Built {
  let textUsed = false;
  const root = schema;
  const build = (node: unknown, path: string, depth: number): Built => {
    if (depth > 32) return { problem: `${path}: nested deeper than 32 levels` };
    if (node === true || (isSchema(node) && Object.keys(node).length === 0)) return { value: nextText() };
    if (!isSchema(node)) return { problem: `${path}: expected a schema object` };
    const unknown = Object.keys(node).find((key) => !HONOURED.has(key) && !ANNOTATIONS.has(key));
    if (unknown !== undefined) return { problem: `${path}: the keyword "${unknown}" is not supported by the oracle` };
    if (typeof node.$ref === 'string') return build(resolve(node.$ref), `${path}.$ref`, depth + 1);
    if ('const' in node) return { value: node.const };
    if (Array.isArray(node.enum)) return node.enum.length > 0 ? { value: node.enum[0] } : { problem: `${path}.enum: is empty` };
    const branches = node.anyOf ?? node.oneOf;
    if (Array.isArray(branches)) return branches.length > 0 ? build(branches[0], `${path}.anyOf[0]`, depth + 1) : { problem: `${path}: an empty union` };
    const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') ?? 'null' : node.type;
    switch (type) {
      case 'object':
      case undefined:
        return buildObject(node, path, depth);
      case 'array': {
        const count = typeof node.minItems === 'number' ? node.minItems : 0;
        const items: unknown[] = [];
        for (let i = 0; i < count; i += 1) {
          const item = build(node.items ?? true, `${path}.items`, depth + 1);
          if ('problem' in item) return item;
          items.push(item.value);
        }
        return { value: items };
      }
      case 'string': {
        const min = typeof node.minLength === 'number' ? node.minLength : 0;
        const max = typeof node.maxLength === 'number' ? node.maxLength : Number.POSITIVE_INFINITY;
        return { value: nextText().slice(0, max).padEnd(min, '.') };
      }
      case 'integer':
      case 'number': {
        const low = typeof node.minimum === 'number' ? node.minimum : 0;
        const value = type === 'integer' ? Math.ceil(low) : low;
        return typeof node.maximum === 'number' && value > node.maximum ? { problem: `${path}: no ${type} lies between minimum and maximum` } : { value };
      }
      case 'boolean':
        return { value: false };
      case 'null':
        return { value: null };
      default:
        return { problem: `${path}.type: "${String(type)}" is not a JSON Schema type` };
    }
  };
  const buildObject = (node: Schema, path: string, depth: number): Built => {
    const properties = isSchema(node.properties) ? node.properties : {};
    const required = Array.isArray(node.required) ? node.required.filter((key): key is string => typeof key === 'string') : [];
    const value: Record<string, unknown> = {};
    for (const key of required) {
      if (!(key in properties) && node.additionalProperties === false) return { problem: `${path}.required: "${key}" is not among the properties` };
      const built = build(properties[key] ?? true, `${path}.properties.${key}`, depth + 1);
      if ('problem' in built) return built;
      value[key] = built.value;
    }
    return { value };
  };
  // The answer goes into the first string; later strings stay empty so the text is not repeated.
  const nextText = (): string => {
    if (textUsed) return '';
    textUsed = true;
    return text;
  };
  const resolve = (ref: string): unknown => {
    const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
    if (!match || !isSchema(root)) return undefined;
    const defs = root[match[1] as string];
    return isSchema(defs) ? defs[match[2] as string] : undefined;
  };
  return build(schema ?? true, 'schema', 0);
}
