/** The longest text whose writer is kept for the next one (10 bytes a unit): longer ones get their own. */
const KEPT_CAPACITY = 1 << 16;

/**
 * Writes the normalised view unit by unit, with the original span of each. The view is never longer
 * than its text (each unit comes from at least one of the text's), and nothing past `length` is read.
 */
export class ViewWriter {
  private static kept: ViewWriter | undefined;

  /** An empty writer for a text of `size` units: the one kept from the last text when it is large enough, as most are. */
  static reset(size: number): ViewWriter {
    let writer = ViewWriter.kept;
    if (writer === undefined || writer.units.length < size) {
      writer = new ViewWriter(Math.max(size, 1024));
      if (size <= KEPT_CAPACITY) ViewWriter.kept = writer;
    }
    writer.length = 0;
    writer.changed = false;
    return writer;
  }

  readonly units: Uint16Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  length = 0;
  changed = false;
  constructor(size: number) {
    this.units = new Uint16Array(size);
    this.starts = new Int32Array(size);
    this.ends = new Int32Array(size);
  }
  emit(unit: number, start: number, end: number): void {
    this.units[this.length] = unit;
    this.starts[this.length] = start;
    this.ends[this.length] = end;
    this.length++;
  }
  /** Copies `length` units with their spans from `from` to `to` (the ranges may overlap). */
  move(from: number, to: number, length: number): void {
    this.units.copyWithin(to, from, from + length);
    this.starts.copyWithin(to, from, from + length);
    this.ends.copyWithin(to, from, from + length);
  }
  last(): number {
    return this.length > 0 ? (this.units[this.length - 1] ?? 0) : 0;
  }
}

// Typed arrays use the platform's byte order: Buffer's UTF-16 decoding (which, unlike TextDecoder,
// keeps a lone surrogate as it is) is used only where that is little-endian.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Below this many units a loop is cheaper than making a Buffer. */
const DECODE_FROM = 64;

/** Units `from` to `to` as a string, unit for unit (a lone surrogate stays one). */
export function unitsText(units: Uint16Array, from: number, to: number): string {
  let text = '';
  if (to - from < DECODE_FROM) {
    for (let at = from; at < to; at++) text += String.fromCharCode(units[at] ?? 0);
    return text;
  }
  if (LITTLE_ENDIAN) return Buffer.from(units.buffer, units.byteOffset + from * 2, (to - from) * 2).toString('utf16le');
  for (let at = from; at < to; at += 8192) text += String.fromCharCode(...units.subarray(at, Math.min(to, at + 8192)));
  return text;
}
