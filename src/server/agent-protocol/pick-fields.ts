/** `view` with only the `select`ed fields (all of them without a selection), as LangGraph's `select` answers. */
export function pickFields<T extends object>(view: T, select: readonly string[] | null | undefined): Partial<T> {
  if (!select || select.length === 0) return view;
  return Object.fromEntries(Object.entries(view).filter(([key]) => select.includes(key))) as Partial<T>;
}
