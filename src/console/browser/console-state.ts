import type { Me } from './api-types.js';

/** Draws one page into `#main`: `params` are the hash path's segments after the page name, decoded. */
type Page = (params: string[], me: Me) => Promise<void>;

/** The console's shared state: the page registry the router reads, the signed-in key, the last live run. */
interface ConsoleState {
  /** Pages by the first hash segment (`#/runs/...` -> `runs`); an unknown segment draws `runs`. */
  pages: Record<string, Page>;
  /** Who the key belongs to, from `/v1/me`; null while signed out. */
  me: Me | null;
  /** The steps a run listed while it was watched live, kept to show on its page. */
  lastLive: { runId: string; steps: HTMLOListElement } | null;
}

/** The one state object; each page module registers itself in `W.pages` when the bundle loads. */
export const W: ConsoleState = { pages: {}, me: null, lastLive: null };
