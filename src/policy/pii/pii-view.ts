/**
 * The text as the PII patterns read it, with, for each of its UTF-16 units, the span of the
 * original text it came from (`starts[i]` to `ends[i]`, end exclusive). `starts` is undefined when
 * the view is the text itself, unit for unit.
 */
export interface PiiView {
  readonly view: string;
  readonly starts?: Int32Array;
  readonly ends?: Int32Array;
}
