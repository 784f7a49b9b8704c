/**
 * Whether a deny pattern matches a value, case-insensitively. A pattern with `*` (any run of
 * characters, `/` included) or `?` (one character) must match the whole value, as a glob; any other
 * pattern matches as a plain substring. No regular expressions, so a pattern from a config file cannot
 * be slow: the wildcard match is the two-pointer algorithm, at most length × pattern length steps.
 */
export function matchesDenyPattern(pattern: string, value: string): boolean {
  const p = pattern.toLowerCase();
  const v = value.toLowerCase();
  if (!p.includes('*') && !p.includes('?')) return v.includes(p);
  let i = 0;
  let j = 0;
  let star = -1;
  let mark = 0;
  while (i < v.length) {
    if (j < p.length && (p[j] === '?' || p[j] === v[i])) {
      i += 1;
      j += 1;
    } else if (j < p.length && p[j] === '*') {
      star = j;
      mark = i;
      j += 1;
    } else if (star >= 0) {
      j = star + 1;
      mark += 1;
      i = mark;
    } else return false;
  }
  while (j < p.length && p[j] === '*') j += 1;
  return j === p.length;
}
