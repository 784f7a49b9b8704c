/**
 * Console JS, part 1: DOM helper, API client, sign-in and the hash router. Plain browser JS with no
 * build step, kept free of template literals so it can live in a String.raw TypeScript string. All data
 * reaches the page as text nodes (never innerHTML), so run answers and arguments cannot inject markup.
 */
export const CONSOLE_SCRIPT_CORE = String.raw`
'use strict';
var W = { pages: {}, me: null };
var KEY_STORAGE = 'waybill.console.key';

W.h = function h(tag, attrs) {
  var el = document.createElementNS(tag === 'svg' || W.svgTags[tag] ? 'http://www.w3.org/2000/svg' : 'http://www.w3.org/1999/xhtml', tag);
  Object.keys(attrs || {}).forEach(function (k) {
    var v = attrs[k];
    if (v === null || v === undefined || v === false) return;
    if (k.slice(0, 2) === 'on') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.setAttribute('class', v);
    else if (k === 'value') el.value = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  });
  Array.prototype.slice.call(arguments, 2).flat(3).forEach(function (c) {
    if (c === null || c === undefined || c === false) return;
    el.append(c instanceof Node ? c : String(c));
  });
  return el;
};
W.svgTags = { rect: 1, line: 1, text: 1, g: 1, polyline: 1, path: 1, title: 1, circle: 1 };
var h = W.h;

W.key = function () { return sessionStorage.getItem(KEY_STORAGE) || ''; };

W.api = async function (method, path, body) {
  var headers = { authorization: 'Bearer ' + W.key() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  var res = await fetch(path, { method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body) });
  var text = await res.text();
  var data;
  try { data = text ? JSON.parse(text) : {}; } catch (e) { data = { error: { code: 'bad_response', message: text.slice(0, 200) } }; }
  if (!res.ok) {
    var err = new Error((data.error && data.error.message) || res.statusText);
    err.status = res.status;
    err.code = data.error && data.error.code;
    if (res.status === 401) { sessionStorage.removeItem(KEY_STORAGE); }
    throw err;
  }
  return data;
};

W.fmtTime = function (iso) { return iso ? String(iso).replace('T', ' ').slice(0, 19) : ''; };
W.fmtUsd = function (n) { return '$' + Number(n || 0).toFixed(6); };
W.fmtMs = function (ms) { return ms >= 1000 ? (ms / 1000).toFixed(2) + ' s' : Math.round(ms) + ' ms'; };
W.pill = function (status) { return h('span', { class: 'status ' + status }, status); };
W.json = function (value) { return h('pre', {}, JSON.stringify(value, null, 2)); };
W.errorBox = function (e) { return h('p', { class: 'error', role: 'alert' }, (e && e.status ? e.status + ' ' : '') + (e && e.message ? e.message : String(e))); };
W.link = function (href, text) { return h('a', { href: href }, text); };

function main() { return document.getElementById('main'); }

W.show = function () {
  var el = main();
  el.replaceChildren.apply(el, Array.prototype.slice.call(arguments).flat(2).filter(Boolean));
};

function renderSignIn(message) {
  document.getElementById('nav').hidden = true;
  document.getElementById('sign-out').hidden = true;
  document.getElementById('who').textContent = '';
  var input = h('input', { id: 'api-key', type: 'password', autocomplete: 'off', placeholder: 'wb_…', size: 48, required: true });
  var form = h('form', { class: 'card signin', id: 'sign-in' },
    h('h1', {}, 'Sign in'),
    h('p', { class: 'muted' }, 'Use an API key made with: waybill keys create --tenant T --role viewer|operator|admin'),
    h('label', {}, 'API key', input),
    message ? h('p', { class: 'error', role: 'alert' }, message) : null,
    h('p', {}, h('button', { type: 'submit' }, 'Sign in')));
  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    sessionStorage.setItem(KEY_STORAGE, input.value.trim());
    start();
  });
  W.show(form);
  input.focus();
}

W.refreshPending = async function () {
  try {
    var data = await W.api('GET', '/v1/approvals');
    var badge = document.getElementById('pending-count');
    badge.textContent = String(data.approvals.length);
    badge.hidden = data.approvals.length === 0;
  } catch (e) { /* the badge is a hint; the approvals page shows errors */ }
};

async function route() {
  if (!W.me) return;
  var parts = (location.hash || '#/runs').slice(2).split('?')[0].split('/');
  var page = parts[0] || 'runs';
  document.querySelectorAll('#nav a').forEach(function (a) { a.classList.toggle('active', a.getAttribute('data-page') === page); });
  var render = W.pages[page] || W.pages.runs;
  try {
    await render(parts.slice(1).map(decodeURIComponent));
  } catch (e) {
    if (e.status === 401) return renderSignIn('Your key was refused: ' + e.message);
    W.show(W.errorBox(e));
  }
  W.refreshPending();
}
W.route = route;

async function start() {
  if (!W.key()) return renderSignIn();
  try {
    W.me = await W.api('GET', '/v1/me');
  } catch (e) {
    W.me = null;
    return renderSignIn(e.status === 401 ? 'This API key is unknown or revoked.' : e.message);
  }
  document.getElementById('nav').hidden = false;
  document.getElementById('sign-out').hidden = false;
  document.getElementById('who').textContent = W.me.name + ' · tenant ' + W.me.tenant + ' · ' + W.me.role;
  await route();
}

window.addEventListener('hashchange', route);
document.addEventListener('DOMContentLoaded', function () {
  document.getElementById('sign-out').addEventListener('click', function () {
    sessionStorage.removeItem(KEY_STORAGE);
    W.me = null;
    location.hash = '';
    renderSignIn();
  });
  start();
});
`;
