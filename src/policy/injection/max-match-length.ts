/**
 * The most UTF-16 units a regular expression can match, computed from its source; `Infinity` when it
 * has an unbounded quantifier (`*`, `+`, `{n,}`). Windowed scanning needs this bound: a match can only
 * be missed at a window edge if it is longer than the overlap. Understands the subset the injection
 * patterns use (groups, alternation, classes, escapes, lookarounds, `?` and `{m,n}`); every class or
 * escape counts as 2 units because it may match an astral character. Throws on a source it cannot read.
 */
export function maxMatchLength(source: string): number {
  const parser = { source, at: 0 };
  const length = alternation(parser);
  if (parser.at !== source.length) throw new SyntaxError(`unbalanced ')' at ${parser.at} in ${source}`);
  return length;
}

interface Parser {
  readonly source: string;
  at: number;
}

function alternation(parser: Parser): number {
  let longest = sequence(parser);
  while (parser.source[parser.at] === '|') {
    parser.at++;
    longest = Math.max(longest, sequence(parser));
  }
  return longest;
}

function sequence(parser: Parser): number {
  let total = 0;
  for (;;) {
    const char = parser.source[parser.at];
    if (char === undefined || char === '|' || char === ')') return total;
    total += quantified(parser, atom(parser));
  }
}

function atom(parser: Parser): number {
  const { source } = parser;
  const char = source[parser.at++];
  if (char === '(') {
    let zeroWidth = false;
    if (source[parser.at] === '?') {
      const kind = /^\?(?::|=|!|<=|<!)/.exec(source.slice(parser.at, parser.at + 3))?.[0];
      if (kind === undefined) throw new SyntaxError(`unsupported group at ${parser.at} in ${source}`);
      zeroWidth = kind !== '?:';
      parser.at += kind.length;
    }
    const inner = alternation(parser);
    if (source[parser.at++] !== ')') throw new SyntaxError(`missing ')' in ${source}`);
    return zeroWidth ? 0 : inner;
  }
  if (char === '[') {
    while (parser.at < source.length && source[parser.at] !== ']') parser.at += source[parser.at] === '\\' ? 2 : 1;
    if (source[parser.at++] !== ']') throw new SyntaxError(`missing ']' in ${source}`);
    return 2;
  }
  if (char === '\\') {
    const escaped = source[parser.at++];
    if (escaped === 'p' || escaped === 'P') parser.at = source.indexOf('}', parser.at) + 1;
    return escaped === 'b' || escaped === 'B' ? 0 : 2;
  }
  if (char === '^' || char === '$') return 0;
  if (char === '.') return 2;
  return 1;
}

function quantified(parser: Parser, length: number): number {
  const { source } = parser;
  const char = source[parser.at];
  let factor = 1;
  if (char === '?') {
    parser.at++;
  } else if (char === '*' || char === '+') {
    parser.at++;
    factor = Infinity;
  } else if (char === '{') {
    const close = source.indexOf('}', parser.at);
    const bounds = source.slice(parser.at + 1, close).split(',');
    const upper = bounds.length === 1 ? bounds[0] : bounds[1];
    factor = upper === undefined || upper === '' ? Infinity : Number(upper);
    parser.at = close + 1;
  } else {
    return length;
  }
  if (source[parser.at] === '?') parser.at++;
  return length === 0 ? 0 : length * factor;
}
