import { api, apiKey, KEY_STORAGE } from './api.js';
import { ApiError } from './api-error.js';
import type { Me, PendingApproval } from './api-types.js';
import { byId } from './by-id.js';
import { W } from './console-state.js';
import { h } from './h.js';
import { errorBox, show } from './widgets.js';

/** Shows the sign-in form (with `message` as an alert) and hides what needs a key. */
function renderSignIn(message?: string): void {
  byId('nav').hidden = true;
  byId('sign-out').hidden = true;
  byId('who').textContent = '';
  const input = h('input', { id: 'api-key', type: 'password', autocomplete: 'off', placeholder: 'wb_…', size: 48, required: true });
  const form = h('form', { class: 'card signin', id: 'sign-in' },
    h('h1', {}, 'Sign in'),
    h('p', { class: 'muted' }, 'Use an API key made with: waybill keys create --tenant T --role viewer|operator|admin'),
    h('label', {}, 'API key', input),
    message ? h('p', { class: 'error', role: 'alert' }, message) : null,
    h('p', {}, h('button', { type: 'submit' }, 'Sign in')));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    sessionStorage.setItem(KEY_STORAGE, input.value.trim());
    void start();
  });
  show(form);
  input.focus();
}

/** Updates the count of pending approvals beside the nav link. */
export async function refreshPending(): Promise<void> {
  try {
    const data = await api<{ approvals: PendingApproval[] }>('GET', '/v1/approvals');
    const badge = byId('pending-count');
    badge.textContent = String(data.approvals.length);
    badge.hidden = data.approvals.length === 0;
  } catch {
    // The badge is a hint; the approvals page shows errors.
  }
}

/** Draws the page the hash names (`#/runs` when none); a refused key goes back to sign-in. */
export async function route(): Promise<void> {
  const me = W.me;
  if (!me) return;
  const parts = (location.hash || '#/runs').slice(2).split('?')[0]?.split('/') ?? [];
  const page = parts[0] || 'runs';
  document.querySelectorAll('#nav a').forEach((a) => a.classList.toggle('active', a.getAttribute('data-page') === page));
  const render = W.pages[page] ?? W.pages.runs;
  try {
    await render?.(parts.slice(1).map(decodeURIComponent), me);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return renderSignIn(`Your key was refused: ${e.message}`);
    show(errorBox(e));
  }
  void refreshPending();
}

/** Signs in with the stored key (asking for one if there is none) and draws the current page. */
export async function start(): Promise<void> {
  if (!apiKey()) return renderSignIn();
  try {
    W.me = await api<Me>('GET', '/v1/me');
  } catch (e) {
    W.me = null;
    return renderSignIn(e instanceof ApiError && e.status === 401 ? 'This API key is unknown or revoked.' : e instanceof Error ? e.message : undefined);
  }
  byId('nav').hidden = false;
  byId('sign-out').hidden = false;
  byId('who').textContent = `${W.me.name} · tenant ${W.me.tenant} · ${W.me.role}`;
  await route();
}

/** Forgets the key and shows the sign-in form. */
export function signOut(): void {
  sessionStorage.removeItem(KEY_STORAGE);
  W.me = null;
  location.hash = '';
  renderSignIn();
}
