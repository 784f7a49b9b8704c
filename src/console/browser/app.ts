/**
 * The console's browser entry, bundled by scripts/build-console.mjs into one classic script
 * (`/console/app.js`): the shell loads it with `defer`, and the CSP allows only scripts of our origin.
 * Importing a page module registers it in `W.pages`; the router draws the one the hash names.
 */
import './runs-page.js';
import './run-page.js';
import './approvals-page.js';
import './switches-page.js';
import './metrics-page.js';
import './usage-page.js';
import './rollouts-page.js';
import './model-endpoint-page.js';
import { byId } from './by-id.js';
import { route, signOut, start } from './router.js';

window.addEventListener('hashchange', () => void route());
document.addEventListener('DOMContentLoaded', () => {
  byId('sign-out').addEventListener('click', signOut);
  void start();
});
