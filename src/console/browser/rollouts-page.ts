import { api } from './api.js';
import type { RolloutChange, RolloutEvents, RolloutStatus } from './api-types.js';
import { W } from './console-state.js';
import { h } from './h.js';
import { errorBox, show } from './widgets.js';

const STAGES = ['internal', 'read_only', 'canary', 'general'];

function changeCard(change: RolloutChange): HTMLElement {
  const t = change.tally;
  const tally = t ? `stable ${t.stable.bad}/${t.stable.runs} bad, candidate ${t.candidate.bad}/${t.candidate.runs} bad` : '';
  return h('div', { class: 'card', id: 'rollout-current', 'data-state': change.state },
    h('p', {}, `${change.kind} change ${change.id}: ${change.state}, stable ${change.stableVersion}, candidate ${change.candidateVersion} at ${change.percent}%`),
    h('p', { class: 'muted' }, `${tally}; rolled back automatically when the candidate's bad rate exceeds stable's by ${change.rule.margin} after ${change.rule.minCandidateRuns} candidate runs.`));
}

/**
 * The tenant's rollout (admin keys): its stage, which can be changed here, the change in effect with
 * each arm's outcomes (one in canary can be rolled back here), and the audited history.
 */
W.pages.rollouts = async function rollouts(_params, me) {
  if (me.role !== 'admin' && me.role !== 'platform_admin') return show(h('h1', {}, 'Rollout'), h('p', { class: 'muted' }, 'The rollout needs an admin key.'));
  const body = h('div', { id: 'rollout-body' });
  async function act(method: string, path: string, payload?: unknown): Promise<void> {
    try {
      await api(method, path, payload);
      await load();
    } catch (e) {
      body.prepend(errorBox(e));
    }
  }
  async function load(): Promise<void> {
    try {
      const [status, history] = await Promise.all([api<RolloutStatus>('GET', '/v1/rollouts'), api<RolloutEvents>('GET', '/v1/rollouts/events')]);
      const stage = h('select', { id: 'rollout-stage' }, STAGES.map((s) => h('option', { value: s, ...(s === status.stage && { selected: true }) }, s)));
      const stageForm = h('form', { class: 'card row', id: 'rollout-stage-form' }, h('label', {}, 'Stage', stage), h('button', { type: 'submit' }, 'Set stage'));
      stageForm.addEventListener('submit', (ev) => {
        ev.preventDefault();
        void act('PUT', '/v1/rollouts/stage', { stage: stage.value });
      });
      const current = status.current ? changeCard(status.current) : h('p', { class: 'muted', id: 'rollout-none' }, 'No change in effect.');
      const rollback = status.current?.state === 'canary' ? h('button', { id: 'rollout-rollback', type: 'button' }, 'Roll back') : null;
      rollback?.addEventListener('click', () => void act('POST', '/v1/rollouts/rollback', { reason: 'from the console' }));
      const head = h('tr', {}, ['When', 'Event', 'By', 'Detail'].map((t) => h('th', {}, t)));
      const rows = history.events.slice(-50).reverse().map((e) => h('tr', { 'data-type': e.type }, h('td', {}, e.at), h('td', {}, e.type), h('td', {}, e.by), h('td', {}, JSON.stringify(e.detail))));
      body.replaceChildren(
        h('p', { class: 'muted', id: 'rollout-stage-now', 'data-stage': status.stage }, `Tenant ${status.tenant} is in stage ${status.stage}. Every cancellation waits for a human's approval in every stage.`),
        stageForm,
        current,
        ...(rollback ? [rollback] : []),
        h('h2', {}, 'History'),
        rows.length === 0 ? h('p', { class: 'muted' }, 'Nothing changed yet.') : h('table', { id: 'rollout-events' }, head, rows),
      );
    } catch (e) {
      body.replaceChildren(errorBox(e));
    }
  }
  show(h('h1', {}, 'Rollout'), body);
  await load();
};
