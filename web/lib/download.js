// @ts-check
// Offers a text as a downloaded file (a record, every kept game).

/** Offers `text` as a downloaded UTF-8 text file named `name`. @param {string} text @param {string} name */
export function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has the file once the click is handled; the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
