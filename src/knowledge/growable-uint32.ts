/** An append-only Uint32Array that doubles as it grows; cheaper than number[] for millions of entries. */
export class GrowableUint32 {
  #data = new Uint32Array(64);
  #length = 0;

  /** Entries pushed so far. */
  get length(): number {
    return this.#length;
  }

  /** Appends one value (it must fit in 32 bits unsigned). */
  push(value: number): void {
    if (this.#length === this.#data.length) {
      const next = new Uint32Array(this.#data.length * 2);
      next.set(this.#data);
      this.#data = next;
    }
    this.#data[this.#length] = value;
    this.#length += 1;
  }

  /** The filled part, sharing memory with the buffer (copy it before pushing more). */
  view(): Uint32Array {
    return this.#data.subarray(0, this.#length);
  }
}
