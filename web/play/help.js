// @ts-check
// The page's help, loaded on demand with its words (the `help` section) so
// that the page's start carries none of it: the Keys panel's list of
// shortcuts, and the first visit's welcome — how to start: the computer
// (at a level), a friend at this screen or on another device (the friend
// page), or the rules: the lessons (web/learn.html) or the rules page.

// It imports nothing: what it needs comes in as arguments, so the page's
// start code is not split into shared pieces for it.

/**
 * @typedef {object} WelcomeHooks
 * @property {ReturnType<typeof import('../lib/i18n/en/help.js').default>['welcome']} words the welcome's words
 * @property {{ level: string, close: string }} page the page's words it shares
 * @property {[string, string][]} levels each level of the computer: its value and its name
 * @property {string} level the level offered first
 * @property {string} rules the rules page's address
 * @property {string} learn the lessons page's address
 * @property {string} friend the friend page's address
 * @property {(level: string) => void} computer starts a game against the computer at this level
 */

// Its look, on the page's colours (style.css), comes with it, added once,
// when the module loads: the shortcut list and the welcome.
const sheet = document.createElement('style');
sheet.textContent = `
.keys { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; margin: 0 0 1rem; }
.keys dt { white-space: nowrap; }
.keys dd { margin: 0; }
kbd {
  display: inline-block; padding: .05rem .4rem; border: 1px solid var(--field-line); border-bottom-width: 2px;
  border-radius: 5px; background: var(--field); font-family: ui-monospace, monospace; font-size: .85rem;
}
#welcome { width: min(34rem, 94vw); padding: 1rem 1.25rem; }
#welcome h2 { margin: 0 2rem .35rem 0; }
#welcome > p { margin: 0 0 .6rem; }
#welcome .choice { border: 1px solid var(--line); border-radius: 12px; padding: .6rem .75rem; margin-top: .6rem; }
#welcome h3 { margin: 0 0 .45rem; font-size: 1rem; }
#welcome .pick { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem .6rem; }
#welcome .pick + .pick { margin-top: .5rem; }
#welcome .note { margin: 0; color: var(--muted); font-size: .9rem; flex: 1 1 12rem; }
#welcome label { display: flex; align-items: center; gap: .4rem; }
#welcome a.button {
  display: inline-flex; align-items: center; min-height: 2.4rem; padding: .45rem .85rem; border-radius: 8px;
  border: 1px solid var(--field-line); background: var(--button); color: inherit; text-decoration: none;
}
#welcome a.button:hover { background: var(--button-hover); }
#welcome .close { position: absolute; top: .4rem; right: .4rem; border: 0; background: none; font-size: 1.4rem; }
`;
document.head.append(sheet);

/**
 * An element with properties and children.
 * @param {string} tag @param {object} props @param {(Node | string)[]} children
 * @returns {HTMLElement}
 */
function el(tag, props, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

/**
 * Shows the welcome (a modal dialog). Closed without a choice, it leaves
 * the game behind it: two players at this screen.
 * @param {WelcomeHooks} h
 */
export function showWelcome(h) {
  const w = h.words;
  const d = /** @type {HTMLDialogElement} */ (el('dialog', { id: 'welcome' }));
  d.setAttribute('aria-labelledby', 'welcome-title');
  const level = /** @type {HTMLSelectElement} */ (
    el('select', {}, ...h.levels.map(([value, name]) => new Option(name, value)))
  );
  level.value = h.level;
  const computer = el('button', { type: 'button', className: 'primary', textContent: w.computer });
  computer.addEventListener('click', () => {
    d.close();
    h.computer(level.value);
  });
  const here = el('button', { type: 'button', textContent: w.here });
  const close = el('button', { type: 'button', className: 'close', textContent: '×' });
  close.ariaLabel = h.page.close;
  for (const b of [here, close]) b.addEventListener('click', () => d.close());
  const note = (/** @type {string} */ text) => el('p', { className: 'note', textContent: text });
  const pick = (/** @type {(Node | string)[]} */ ...parts) => el('div', { className: 'pick' }, ...parts);
  const link = (/** @type {string} */ href, /** @type {string} */ text) =>
    el('a', { href, className: 'button', textContent: `${text} →` });
  // Play online, once the header has found the site's server (its link
  // shown, a moment after the page): not offered on a site without one.
  const header = /** @type {HTMLAnchorElement | null} */ (document.getElementById('link-online'));
  const online = el('section', { className: 'choice' }, pick(link(header?.href ?? '', w.online), note(w.onlineNote)));
  const showOnline = () => {
    online.hidden = !header || header.hidden;
  };
  showOnline();
  if (header) new MutationObserver(showOnline).observe(header, { attributes: true, attributeFilter: ['hidden'] });
  d.append(
    close,
    el('h2', { id: 'welcome-title', tabIndex: -1, textContent: w.title }),
    el('p', { textContent: w.intro }),
    el(
      'section',
      { className: 'choice' },
      pick(computer, el('label', {}, h.page.level, level)),
      pick(note(w.computerNote)),
    ),
    online,
    el(
      'section',
      { className: 'choice' },
      el('h3', { textContent: w.friend }),
      pick(here, note(w.hereNote)),
      pick(link(h.friend, w.remote), note(w.remoteNote)),
    ),
    el(
      'section',
      { className: 'choice' },
      pick(link(h.learn, w.rules), note(w.rulesNote)),
      pick(link(h.rules, w.read), note(w.readNote)),
    ),
  );
  // Once closed, it is gone: a returning visit does not ask again.
  d.addEventListener('close', () => d.remove());
  document.body.append(d);
  d.showModal();
  /** @type {HTMLElement} */ (d.querySelector('h2')).focus();
}

/**
 * Fills the shortcut list.
 * @param {HTMLElement} dl
 * @param {ReturnType<typeof import('../lib/i18n/en/help.js').default>} words
 */
export function renderHelp(dl, words) {
  dl.replaceChildren();
  for (const [keys, what] of words.keys) {
    const dt = document.createElement('dt');
    for (const k of keys.split(' / ')) {
      const kbd = document.createElement('kbd');
      kbd.textContent = k;
      if (dt.childNodes.length) dt.append(' / ');
      dt.append(kbd);
    }
    const dd = document.createElement('dd');
    dd.textContent = what;
    dl.append(dt, dd);
  }
}
