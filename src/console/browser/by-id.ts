/** The shell's element with this id; the shell (index.html) always has it, so a missing one is a bug. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the console page has no #${id}`);
  return el as T;
}
