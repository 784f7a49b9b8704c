/**
 * The value of a number as people write it: "720", "3,5" and "1.5" (decimal comma or point),
 * "6,200" and "1,250,000" (thousands commas), "6,200.50" and "6.200,50" (both marks), "1e4"
 * (exponent). A comma followed by exactly three digits is a thousands separator: "6,200 грн" is six
 * thousand two hundred, never 6.2. Undefined when the marks make no number ("1,2,3").
 */
export function readNumber(raw: string): number | undefined {
  const [mantissa = '', exponent] = raw.toLowerCase().split('e');
  const base = readMantissa(mantissa);
  if (base === undefined) return undefined;
  if (exponent === undefined) return base;
  const value = base * 10 ** Number(exponent);
  return Number.isFinite(value) ? value : undefined;
}

const GROUP = /^\d{3}$/;

function readMantissa(text: string): number | undefined {
  const parts = text.split(/([.,])/);
  const digits = parts.filter((_, i) => i % 2 === 0);
  const marks = parts.filter((_, i) => i % 2 === 1);
  if (marks.length === 0) return Number(text);
  const last = marks.at(-1) as string;
  const head = digits[0] as string;
  const tail = digits.slice(1);
  // One mark: a comma before exactly three digits groups thousands; otherwise it is the decimal mark.
  if (marks.length === 1) return last === ',' && GROUP.test(tail[0] as string) && head.length <= 3 ? Number(`${head}${tail[0]}`) : Number(`${head}.${tail[0]}`);
  const sameMarks = marks.every((mark) => mark === last);
  const groupsOk = (groups: readonly string[]) => head.length <= 3 && groups.every((g) => GROUP.test(g));
  // Several marks, all alike: thousands groups ("1,250,000", "1.250.000").
  if (sameMarks) return groupsOk(tail) ? Number(`${head}${tail.join('')}`) : undefined;
  // Two kinds: the last one is the decimal mark and every earlier one groups thousands.
  const earlier = marks.slice(0, -1);
  if (earlier.some((mark) => mark === last) || !groupsOk(tail.slice(0, -1))) return undefined;
  return Number(`${head}${tail.slice(0, -1).join('')}.${tail.at(-1) as string}`);
}
