// A page opened from disk (file://) cannot load its modules (browsers
// refuse them on file://), so this plain script, written into the page by
// a one-line check in index.html only then, says so and disables the
// controls. It is no part of the page's start over HTTP.
(function () {
  // The sentence in the browser's language (by its code, as in LANGUAGES
  // of lib/i18n/i18n.js, which this script cannot load), else English.
  var TEXT = {
    en: 'This page was opened from a file (file://), and browsers do not run modules or WebAssembly from files, so the game cannot start. Run “cargo xtask serve” (or upload the dist/ folder to any web server) and open the address it prints.',
    pl: 'Ta strona jest otwarta z pliku (file://), a przeglądarki nie uruchamiają z plików modułów ani WebAssembly, więc gra nie może działać. Uruchom „cargo xtask serve” (albo wyślij katalog dist/ na dowolny serwer WWW) i otwórz podany adres.',
    de: 'Diese Seite wurde aus einer Datei (file://) geöffnet, und Browser führen aus Dateien weder Module noch WebAssembly aus, daher kann das Spiel nicht starten. Starte „cargo xtask serve“ (oder lade den Ordner dist/ auf einen beliebigen Webserver hoch) und öffne die angezeigte Adresse.',
  };
  var code = (navigator.language || 'en').toLowerCase().split('-')[0];
  var text = Object.prototype.hasOwnProperty.call(TEXT, code) ? TEXT[code] : TEXT.en;
  document.addEventListener('DOMContentLoaded', function () {
    var banner = document.getElementById('error-banner');
    var message = document.getElementById('error-text');
    var reload = document.getElementById('btn-reload');
    if (!banner || !message || !reload) return;
    message.textContent = text;
    reload.hidden = true;
    banner.hidden = false;
    document.body.dataset.failed = 'file';
    var controls = document.querySelectorAll('button, select, input, textarea');
    for (var i = 0; i < controls.length; i++) {
      var c = controls[i];
      if (
        c instanceof HTMLButtonElement
        || c instanceof HTMLSelectElement
        || c instanceof HTMLInputElement
        || c instanceof HTMLTextAreaElement
      )
        c.disabled = true;
    }
  });
})();
