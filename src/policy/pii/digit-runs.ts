/** Runs of digits in a row, and with single spaces, at least this long are kept as spans (`runSpans`, `spacedSpans`). */
const SPAN_DIGITS = 6;

const isGroupSeparator = (unit: number): boolean => unit === 0x20 || unit === 0x2e || unit === 0x2f || unit === 0x7c || unit === 0x0a || unit === 0x2d;

/**
 * The ASCII digits of a view and its longest runs of them, which a rule needs before its pattern can
 * match (`PiiRule`): digits in a row, with single spaces between, and in groups (one of space . / |
 * - or a line break, or two spaces, between). Fed digit by digit, in order, by whoever reads the view.
 */
export class DigitRuns {
  digits = 0;
  longestRun = 0;
  longestSpacedRun = 0;
  longestGroupedRun = 0;
  /** Set by `finish`, by a reader that fed every digit of the text it read; the counts are of that text only then. */
  complete = false;
  /** Start and end (exclusive) of every run of at least SPAN_DIGITS digits in a row, in order. */
  readonly runSpans: number[] = [];
  /** The same for runs with at most one space between each two digits. */
  readonly spacedSpans: number[] = [];
  private run = 0;
  private spacedRun = 0;
  private groupedRun = 0;
  private last = -3;
  private runStart = 0;
  private spacedStart = 0;

  reset(): this {
    this.digits = 0;
    this.longestRun = 0;
    this.longestSpacedRun = 0;
    this.longestGroupedRun = 0;
    this.complete = false;
    this.run = 0;
    this.spacedRun = 0;
    this.groupedRun = 0;
    this.last = -3;
    this.runStart = 0;
    this.spacedStart = 0;
    // Most texts have no such runs: an array's length is set only when there is something to drop.
    if (this.runSpans.length > 0) this.runSpans.length = 0;
    if (this.spacedSpans.length > 0) this.spacedSpans.length = 0;
    return this;
  }

  /** Ends the runs at the last digit counted: every digit of the text has been. */
  finish(): this {
    this.closeRun();
    this.closeSpacedRun();
    this.complete = true;
    return this;
  }

  private closeRun(): void {
    if (this.run >= SPAN_DIGITS) this.runSpans.push(this.runStart, this.last + 1);
  }

  private closeSpacedRun(): void {
    if (this.spacedRun >= SPAN_DIGITS) this.spacedSpans.push(this.spacedStart, this.last + 1);
  }

  /** Counts the digit at `at` of `text`, the next one after those counted so far. */
  add(text: string, at: number): void {
    this.digits++;
    // What stands between this digit and the one before it decides which of the runs go on.
    const gap = at - this.last - 1;
    const between = gap > 0 ? text.charCodeAt(at - 1) : 0;
    if (gap === 0) this.run++;
    else {
      this.closeRun();
      this.run = 1;
      this.runStart = at;
    }
    if (gap === 0 || (gap === 1 && between === 0x20)) this.spacedRun++;
    else {
      this.closeSpacedRun();
      this.spacedRun = 1;
      this.spacedStart = at;
    }
    this.groupedRun = gap === 0 || (gap === 1 && isGroupSeparator(between)) || (gap === 2 && between === 0x20 && text.charCodeAt(at - 2) === 0x20) ? this.groupedRun + 1 : 1;
    if (this.run > this.longestRun) this.longestRun = this.run;
    if (this.spacedRun > this.longestSpacedRun) this.longestSpacedRun = this.spacedRun;
    if (this.groupedRun > this.longestGroupedRun) this.longestGroupedRun = this.groupedRun;
    this.last = at;
  }

  /** Counts every digit of `view`. */
  count(view: string): this {
    this.reset();
    for (let at = 0; at < view.length; at++) {
      const unit = view.charCodeAt(at);
      if (unit >= 0x30 && unit <= 0x39) this.add(view, at);
    }
    return this.finish();
  }
}
