/** Distinct texts a finder remembers; past it the memory starts over (a run checks a few dozen). */
const MAX_TEXTS = 64;

/**
 * `find` remembered per text: the same answer is checked when its delegation ends and again as the
 * run's final answer, the user's request is read into every check's evidence, and a criterion looks
 * for numbers in the answer once per warehouse (issue 36: a quarter of the finders' calls in a run
 * repeated a text). The finders are pure functions of the text, and what they return is read-only to
 * every caller, so a remembered result is the one a new call would return.
 */
export function memoByText<T>(find: (text: string) => T[]): (text: string) => readonly T[] {
  const found = new Map<string, readonly T[]>();
  return (text) => {
    let result = found.get(text);
    if (result === undefined) {
      result = find(text);
      if (found.size >= MAX_TEXTS) found.clear();
      found.set(text, result);
    }
    return result;
  };
}
