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
  /** Set by a reader that fed every digit of the text it read; the counts are of that text only then. */
  complete = false;
  private run = 0;
  private spacedRun = 0;
  private groupedRun = 0;
  private last = -3;

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
    return this;
  }

  /** Counts the digit at `at` of `text`, the next one after those counted so far. */
  add(text: string, at: number): void {
    this.digits++;
    // What stands between this digit and the one before it decides which of the runs go on.
    const gap = at - this.last - 1;
    const between = gap > 0 ? text.charCodeAt(at - 1) : 0;
    this.run = gap === 0 ? this.run + 1 : 1;
    this.spacedRun = gap === 0 || (gap === 1 && between === 0x20) ? this.spacedRun + 1 : 1;
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
    this.complete = true;
    return this;
  }
}
