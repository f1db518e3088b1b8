// @ts-check
// The lobby (docs/live.md): open challenges, live, from the site's server;
// take one, or create one. The games are played on the friend page: Take
// goes there to accept at once, Create goes there to make the invitation,
// post it and wait (state.js makes both addresses). Both need this
// browser's player (lib/identity.js), made here the first time with a name.
// The state (state.js) holds the challenges and filters; view.js draws.
// This entry starts the page and wires it.

import { createIdentity, IdentityError, loadIdentity } from '../lib/identity.js';
import { LobbyClient } from '../lib/net/lobby.js';
import { findServer, lookup } from '../lib/net/server.js';
import { api, apiBase } from '../lib/player-api.js';
import { label, t } from '../lib/i18n/i18n.js';
import { $, dialog, input, select } from '../lib/dom.js';
import { fail, guard, listSizes, on, pickLanguages, startPage } from '../lib/page.js';
import { messageOf } from '../lib/engine/engine.js';
import { customClock, LobbyState, postUrl, QUICK, QUICK_GAME, takeUrl } from './state.js';
import { fillClocks, render } from './view.js';
import { playerBox } from '../lib/header/player.js';
import { isRecord, reject, stored } from '../lib/storage.js';

/** @typedef {import('./state.js').NewChallenge} NewChallenge */

const s = new LobbyState();
/** @type {LobbyClient | null} */
let socket = null;
/** The create form's pressed clock preset (`300+3`), or `custom`. */
let preset = '300+3';

/** The create form's fields by id, as the form had them when it was last sent. */
const FORM_FIELDS = ['c-size', 'c-edition', 'c-color', 'c-days-select', 'c-bank-select', 'c-minutes', 'c-increment'];

/**
 * The create form as last sent from this browser, so the next challenge
 * starts from it (lichess keeps its own): the fields' values, the rated
 * box, live or turn-based, and the preset pressed.
 * @typedef {{ fields: Record<string, string>, rated: boolean, days: boolean, preset: string }} FormChoices
 */
const lastForm = stored('lobby-form', {
  what: 'settings',
  version: 1,
  /** @returns {FormChoices | null} */
  fallback: () => null,
  /** @param {unknown} d */
  validate: (d) => {
    if (!isRecord(d) || !isRecord(d.fields)) return reject('not a form');
    /** @type {Record<string, string>} */
    const fields = {};
    for (const id of FORM_FIELDS) {
      const v = d.fields[id];
      if (typeof v === 'string' && v.length <= 16) fields[id] = v;
    }
    const preset = typeof d.preset === 'string' && d.preset.length <= 16 ? d.preset : '300+3';
    return { fields, rated: d.rated !== false, days: d.days === true, preset };
  },
});

/** Keeps the create form's choices for next time. */
function keepForm() {
  /** @type {Record<string, string>} */
  const fields = {};
  for (const id of FORM_FIELDS) fields[id] = /** @type {HTMLInputElement | HTMLSelectElement} */ ($(id)).value;
  lastForm.set({ fields, rated: input('c-rated').checked, days: input('c-days-kind').checked, preset });
}

/** Puts the create form back as it was last sent (a value its list no longer has is left as it is). */
function restoreForm() {
  const kept = lastForm.get();
  if (!kept) return;
  for (const [id, v] of Object.entries(kept.fields)) {
    const el = $(id);
    if (el instanceof HTMLSelectElement) {
      if ([...el.options].some((o) => o.value === v)) el.value = v;
    } else if (el instanceof HTMLInputElement) el.value = v;
  }
  input('c-rated').checked = kept.rated;
  input(kept.days ? 'c-days-kind' : 'c-live').checked = true;
  if (kept.preset === 'custom' || $('c-presets').querySelector(`[data-preset="${CSS.escape(kept.preset)}"]`))
    preset = kept.preset;
}

/** The player, made now if there is none: asks for a name (null: the person cancelled). */
async function ensurePlayer() {
  if (s.me) return s.me;
  const d = dialog('name-dialog');
  const bad = $('name-bad');
  bad.hidden = true;
  d.showModal();
  input('name-input').focus();
  return new Promise((resolve) => {
    const form = /** @type {HTMLFormElement} */ ($('name-form'));
    const done = (/** @type {import('../lib/identity.js').Identity | null} */ me) => {
      form.removeEventListener('submit', submit);
      $('btn-name-cancel').removeEventListener('click', cancel);
      d.close();
      resolve(me);
    };
    const cancel = () => done(null);
    /** @param {Event} e */
    const submit = (e) => {
      e.preventDefault();
      createIdentity(input('name-input').value).then(
        (me) => {
          s.me = me;
          render(s);
          drawPlayer();
          done(me);
        },
        (err) => {
          const w = t('lobby');
          if (!(err instanceof IdentityError)) return fail(messageOf(err));
          bad.textContent =
            { name: w.badName, unsupported: w.noCrypto, kept: w.notKept }[String(err.kind)] ?? err.message;
          bad.hidden = false;
        },
      );
    };
    form.addEventListener('submit', submit);
    $('btn-name-cancel').addEventListener('click', cancel);
    d.addEventListener('cancel', cancel, { once: true });
  });
}

/** Goes to the friend page once there is a player. @param {string} url */
async function go(url) {
  const me = await ensurePlayer();
  if (me) location.assign(new URL(url, location.href).href);
}

/**
 * `lobby.html#bot` (a challenge that waited, on the friend page, offers a
 * bot's game meanwhile): takes the first standing challenge of a bot,
 * a live one if there is one, as soon as the list has it; once.
 */
function playBotIfAsked() {
  if (location.hash !== '#bot') return;
  const bots = [...s.hooks.values()].filter((h) => h.player.bot && !s.mine(h));
  const h = bots.find((b) => !('days' in b.clock)) ?? bots[0];
  if (!h) return;
  history.replaceState(null, '', location.pathname + location.search);
  go(takeUrl(h)).catch((err) => fail(messageOf(err)));
}

/** The server's API (lib/player-api.js), once the lobby is found. @type {string | null} */
let apiAt = null;

/**
 * A quick pairing's tap: the player (made now if need be), their rating
 * when an established poster waits on that clock (read once; a player the
 * server has not rated yet meets anyone), then the match taken, or the
 * challenge posted.
 * @param {import('../lib/net/lobby-wire.js').Clock} clock
 */
async function quick(clock) {
  const me = await ensurePlayer();
  if (!me) return;
  const first = s.quickOpen(clock).find((h) => !s.mine(h));
  if (first && first.player.provisional === false && !s.rating && apiAt)
    s.rating = await api(apiAt)
      .player(me.key)
      .then(
        (p) => ({ rating: p.rating, provisional: p.provisional }),
        () => ({ rating: 0, provisional: true }),
      );
  const match = s.quickMatch(clock);
  location.assign(
    new URL(match ? takeUrl(match) : postUrl({ ...QUICK_GAME, color: 'random', clock }), location.href).href,
  );
}

/** The create form as a challenge, or null when its custom clock is out of bounds. @returns {NewChallenge | null} */
function readForm() {
  const days = input('c-days-kind').checked;
  /** @type {import('../lib/net/lobby-wire.js').Clock | null} */
  let clock;
  const bank = Number(select('c-bank-select').value);
  if (days)
    clock = bank
      ? { days: Number(select('c-days-select').value), bank }
      : { days: Number(select('c-days-select').value) };
  else if (preset === 'custom') clock = customClock(input('c-minutes').value, input('c-increment').value);
  else {
    const [initial, increment] = preset.split('+').map(Number);
    clock = { initial, increment };
  }
  $('c-bad').hidden = clock !== null;
  if (!clock) return null;
  const edition = select('c-edition').value === 'sequenced' ? 'sequenced' : 'standard';
  const c = select('c-color').value;
  const color = c === 'black' || c === 'green' ? c : 'random';
  return { size: Number(select('c-size').value), edition, color, rated: input('c-rated').checked, clock };
}

/** Shows the clock fields of the chosen kind and preset. */
function showClock() {
  const days = input('c-days-kind').checked;
  $('c-presets').hidden = days;
  $('c-custom').hidden = days || preset !== 'custom';
  $('c-days').hidden = !days;
  for (const b of $('c-presets').querySelectorAll('button'))
    b.setAttribute('aria-pressed', String(b.dataset.preset === preset));
  $('c-bad').hidden = true;
}

/** Where turn notifications are set up, once the server is found (lib/net/push.js). @type {{ siteRoot: string, api: string } | null} */
let pushWhere = null;

/** The player's box (name, key file, turn notifications), drawn again after each change. */
function drawPlayer() {
  playerBox(
    $('player'),
    (me) => {
      s.me = me;
      render(s);
    },
    undefined,
    pushWhere,
  ).catch((e) => fail(messageOf(e)));
}

/** Words every label and list in the page's language. */
function words() {
  const w = t('lobby');
  label(w, 'w');
  document.title = `${w.title} — ${w.credit}`;
  fillClocks(preset);
  showClock();
  render(s);
  drawPlayer();
}

function wire() {
  on('f-size', 'change', () => {
    const v = select('f-size').value;
    s.filter({ size: v ? Number(v) : null });
    render(s);
  });
  on('f-edition', 'change', () => {
    const v = select('f-edition').value;
    s.filter({ edition: v === 'standard' || v === 'sequenced' ? v : null });
    render(s);
  });
  on('f-kind', 'change', () => {
    const v = select('f-kind').value;
    s.filter({ kind: v === 'live' || v === 'days' ? v : 'all' });
    render(s);
  });
  on('hooks', 'click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button') : null;
    if (!b) return;
    const take = b.dataset.take && s.hooks.get(b.dataset.take);
    if (take) go(takeUrl(take)).catch((err) => fail(messageOf(err)));
    else if (b.dataset.withdraw) socket?.withdraw(b.dataset.withdraw);
  });
  // Quick pairing: the first open challenge that matches, else one posted.
  on('quick-grid', 'click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button') : null;
    const clock = b?.dataset.quick ? QUICK[Number(b.dataset.quick)] : undefined;
    if (clock && s.connection === 'open') quick(clock).catch((err) => fail(messageOf(err)));
  });
  on('c-presets', 'click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button') : null;
    if (!b?.dataset.preset) return;
    preset = b.dataset.preset;
    showClock();
  });
  on('c-live', 'change', showClock);
  on('c-days-kind', 'change', showClock);
  on('create-form', 'submit', (e) => {
    e.preventDefault();
    const c = readForm();
    if (!c) return;
    keepForm();
    go(postUrl(c)).catch((err) => fail(messageOf(err)));
  });
}

/** Opens the lobby's socket, or says there is none. */
async function connect() {
  const found = await findServer(new URL('../', location.href));
  if (!found.lobby) {
    s.setConnection(found.retry ? 'offline' : 'none');
    render(s);
    // Asked again on the one schedule (lib/net/server.js), then connected.
    if (found.retry)
      void lookup(new URL('../', location.href), { tried: true })
        .then(() => connect())
        .catch((e) => fail(messageOf(e)));
    return;
  }
  s.setConnection('connecting');
  render(s);
  const base = apiBase(found.lobby);
  apiAt = base;
  if (base && !pushWhere) {
    pushWhere = { siteRoot: new URL('../', base).href, api: base };
    drawPlayer();
  }
  let opened = false;
  socket = new LobbyClient(found.lobby, {
    onHooks: guard((list) => {
      s.setHooks(list);
      render(s);
      playBotIfAsked();
    }),
    onHook: guard((h) => {
      s.addHook(h);
      render(s);
      playBotIfAsked();
    }),
    onGone: guard((game) => {
      s.gone(game);
      render(s);
    }),
    onError: guard((e) => {
      s.refusal = t('lobby').refused(e.error, e.message);
      render(s);
    }),
    onState: guard((state) => {
      opened ||= state === 'open';
      s.setConnection(state === 'open' ? 'open' : 'lost');
      render(s);
    }),
  });
  // A first connection that is not made soon is said (the socket goes on trying).
  setTimeout(
    guard(() => {
      if (!opened && s.connection === 'connecting') {
        s.setConnection('lost');
        render(s);
      }
    }),
    4000,
  );
}

async function boot() {
  const lang = await startPage({ sections: ['page', 'lobby'] });
  if (!lang) return;
  listSizes(select('c-size'), 8);
  const f = select('f-size');
  const all = f.options[0];
  listSizes(f);
  f.prepend(all);
  f.value = '';
  s.me = await loadIdentity();
  words();
  restoreForm();
  showClock();
  wire();
  pickLanguages(['page', 'lobby'], words);
  await connect();
  document.body.dataset.ready = 'true';
}

boot().catch((e) => fail(messageOf(e)));
