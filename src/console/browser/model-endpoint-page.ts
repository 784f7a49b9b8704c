import { api } from './api.js';
import { ApiError } from './api-error.js';
import type { ModelEndpointView } from './api-types.js';
import { W } from './console-state.js';
import { h } from './h.js';
import { errorBox, show } from './widgets.js';

/** The tenant's endpoint, or null when it has none (the API answers 404). */
async function current(): Promise<ModelEndpointView | null> {
  try {
    return await api<ModelEndpointView>('GET', '/v1/admin/model-endpoint');
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

function summary(view: ModelEndpointView | null): HTMLElement {
  if (!view) return h('p', { class: 'muted', id: 'endpoint-none' }, "No model endpoint of its own: this tenant's runs use the service's models.");
  return h('div', { class: 'card', id: 'endpoint-now' },
    h('p', {}, 'Model ', h('code', { id: 'endpoint-model' }, view.model), ' at ', h('code', { id: 'endpoint-base-url' }, view.base_url)),
    h('p', {}, 'Key ', h('code', { id: 'endpoint-key' }, view.api_key ?? 'none')),
    h('p', { class: 'muted' }, `Set ${view.updated_at} by ${view.updated_by}.`));
}

/**
 * The tenant's own model endpoint (admin keys; docs/service.md "A tenant's own model endpoint"): the
 * model and base URL, the key masked; set or replace all three, or remove the endpoint. The key is
 * write-only: the server never returns it, and the form never shows what was typed after saving.
 */
W.pages['model-endpoint'] = async function modelEndpoint(_params, me) {
  if (me.role !== 'admin' && me.role !== 'platform_admin') return show(h('h1', {}, 'Model endpoint'), h('p', { class: 'muted' }, 'The model endpoint needs an admin key.'));
  const body = h('div', { id: 'endpoint-body' });
  async function act(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
      await load();
    } catch (e) {
      body.prepend(errorBox(e));
    }
  }
  async function load(): Promise<void> {
    try {
      const view = await current();
      const model = h('input', { id: 'endpoint-model-input', required: true, size: 32, value: view?.model ?? '' });
      const baseUrl = h('input', { id: 'endpoint-base-url-input', type: 'url', required: true, size: 48, placeholder: 'https://…/v1', value: view?.base_url ?? '' });
      const key = h('input', { id: 'endpoint-key-input', type: 'password', autocomplete: 'off', size: 48, placeholder: view?.api_key ? `stored: ${view.api_key}` : 'none' });
      const form = h('form', { class: 'card', id: 'endpoint-form' },
        h('p', {}, h('label', {}, 'Model ', model)),
        h('p', {}, h('label', {}, 'Base URL (OpenAI-compatible) ', baseUrl)),
        h('p', {}, h('label', {}, 'API key ', key)),
        h('p', { class: 'muted' }, 'Saving replaces the model, the base URL and the key together: type the key again to keep one (leave it empty for an endpoint without a key). The key is sealed on the server and never shown again.'),
        h('p', {}, h('button', { type: 'submit' }, view ? 'Replace endpoint' : 'Set endpoint')));
      form.addEventListener('submit', (ev) => {
        ev.preventDefault();
        const apiKey = key.value;
        key.value = '';
        void act(() => api('PUT', '/v1/admin/model-endpoint', { model: model.value.trim(), base_url: baseUrl.value.trim(), ...(apiKey !== '' && { api_key: apiKey }) }));
      });
      const remove = view ? h('button', { id: 'endpoint-remove', type: 'button' }, 'Remove endpoint') : null;
      remove?.addEventListener('click', () => void act(() => api('DELETE', '/v1/admin/model-endpoint')));
      body.replaceChildren(summary(view), form, ...(remove ? [remove] : []));
    } catch (e) {
      body.replaceChildren(errorBox(e));
    }
  }
  show(h('h1', {}, 'Model endpoint'), h('p', { class: 'muted' }, "The tenant's own model: every run of the tenant calls it, on whichever rollout arm it runs."), body);
  await load();
};
