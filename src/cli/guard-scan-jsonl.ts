import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';

/** Where a text comes from: typed by the user (input guard) or read from a tool, a document or another agent (taint scan). */
type ScanChannel = 'user' | 'third_party';

/** One output line of `waybill guard scan --jsonl` for a line that could be read. */
interface JsonlVerdict {
  readonly line: number;
  /** The input's `id`, echoed when it is a string or a number, so a caller can join verdicts to its data. */
  readonly id?: string | number;
  readonly where: ScanChannel;
  /** `blocked` (user text the input guard refuses), `flagged` (third-party text carrying instructions) or `clean`. */
  readonly verdict: 'blocked' | 'flagged' | 'clean';
  /** `attack` (blocked or flagged, with its family), `out_of_domain` (user text that is not logistics) or `benign`. */
  readonly label: 'attack' | 'out_of_domain' | 'benign';
  readonly blocked: boolean;
  readonly tainted: boolean;
  readonly rule: string | null;
  readonly family: string | null;
  /** The input classifier's attack probability for user text; for third-party text the taint classifier's, null when a rule decided before it ran or the text is too short to judge. */
  readonly score: number | null;
  readonly pii: Readonly<Record<string, number>>;
  readonly redacted: string;
  /** The input's fields this command does not read (a caller's own labels, or a misspelt `where`), named so that none is dropped unsaid. */
  readonly ignored_fields?: readonly string[];
}

/** One output line for a line that could not be read: its number and why. */
interface JsonlError {
  readonly line: number;
  readonly error: string;
}

type Parsed = { readonly text: string; readonly where: ScanChannel; readonly id?: string | number; readonly ignored: readonly string[] } | { readonly error: string };

const READ_FIELDS = new Set(['text', 'where', 'id']);

function parseLine(raw: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { error: `not JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'expected a JSON object {"text": ..., "where": "user" | "third_party"}' };
  const { text, where = 'user', id } = value as Record<string, unknown>;
  if (typeof text !== 'string') return { error: '"text" must be a string' };
  if (where !== 'user' && where !== 'third_party') return { error: '"where" must be "user" or "third_party"' };
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') return { error: '"id" must be a string or a number' };
  const ignored = Object.keys(value).filter((key) => !READ_FIELDS.has(key));
  return id === undefined ? { text, where, ignored } : { text, where, id, ignored };
}

/**
 * Reads JSON lines (`{"text", "where"}`) and writes one verdict per non-blank line, in order, in
 * this one process (the guards and the classifier load once). User text gets the input guard
 * (rules and classifier), third-party text the taint scan the runtimes apply to tool results;
 * both get PII redaction. A line that is not a valid object gets `{line, error}`: one bad line
 * never stops the rest; other fields a line carries (a caller's labels) are named in its verdict's
 * `ignored_fields`. Returns how many lines got a verdict and how many an error.
 */
export async function guardScanJsonl(input: Readable, output: Writable): Promise<{ verdicts: number; errors: number }> {
  const [{ detectInjection, scanUntrustedText }, { redactPii }] = await Promise.all([import('../policy/injection/index.js'), import('../policy/pii/index.js')]);
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  let verdicts = 0;
  let errors = 0;
  const write = async (record: JsonlVerdict | JsonlError): Promise<void> => {
    // Respect back-pressure: a slow reader of stdout must not make the process buffer every verdict.
    if (!output.write(`${JSON.stringify(record)}\n`)) await once(output, 'drain');
  };
  for await (const raw of lines) {
    line++;
    if (raw.trim() === '') continue;
    // A file saved with a byte-order mark starts with U+FEFF, which JSON.parse refuses.
    const parsed = parseLine(line === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw);
    if ('error' in parsed) {
      errors++;
      await write({ line, error: parsed.error });
      continue;
    }
    const pii = redactPii(parsed.text);
    const common = { line, ...(parsed.id === undefined ? {} : { id: parsed.id }), where: parsed.where, pii: pii.counts, redacted: pii.text, ...(parsed.ignored.length > 0 && { ignored_fields: parsed.ignored }) };
    if (parsed.where === 'user') {
      const input = detectInjection(parsed.text);
      await write({ ...common, verdict: input.blocked ? 'blocked' : 'clean', label: input.label, blocked: input.blocked, tainted: false, rule: input.rule ?? null, family: input.blocked ? (input.family ?? null) : null, score: input.score });
    } else {
      const taint = scanUntrustedText(parsed.text);
      await write({ ...common, verdict: taint.tainted ? 'flagged' : 'clean', label: taint.tainted ? 'attack' : 'benign', blocked: false, tainted: taint.tainted, rule: taint.rule ?? null, family: taint.family ?? null, score: taint.score === undefined ? null : Number(taint.score.toFixed(4)) });
    }
    verdicts++;
  }
  return { verdicts, errors };
}
