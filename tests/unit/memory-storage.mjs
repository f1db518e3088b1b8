// A localStorage in memory for the unit tests of web/lib/storage.js and
// the modules that store through it. Like the browser's, its items are the
// object's own properties (storage.js's firstVisit lists them with
// Object.keys). `failWith` makes setItem throw an error of that name (a
// full or a blocked storage).

export class MemoryStorage {
  /** @param {Record<string, string>} [items] */
  constructor(items = {}) {
    Object.defineProperty(this, 'failWith', { value: null, writable: true, enumerable: false });
    for (const [key, value] of Object.entries(items)) this[key] = String(value);
  }

  get length() {
    return Object.keys(this).length;
  }

  key(i) {
    return Object.keys(this)[i] ?? null;
  }

  getItem(key) {
    return Object.hasOwn(this, key) ? this[key] : null;
  }

  setItem(key, value) {
    if (this.failWith) {
      const e = new Error(`${this.failWith} (test)`);
      e.name = this.failWith;
      throw e;
    }
    this[key] = String(value);
  }

  removeItem(key) {
    delete this[key];
  }

  clear() {
    for (const key of Object.keys(this)) delete this[key];
  }
}

/**
 * Puts `storage` at globalThis.localStorage (a getter that throws when
 * `storage` is a function: blocked storage) and returns it.
 * @template T
 * @param {T} storage
 * @returns {T}
 */
export function useStorage(storage) {
  const descriptor =
    typeof storage === 'function'
      ? { get: storage, configurable: true }
      : { value: storage, writable: true, configurable: true };
  Object.defineProperty(globalThis, 'localStorage', descriptor);
  return storage;
}

/** A fresh, empty storage at globalThis.localStorage. */
export const freshStorage = () => useStorage(new MemoryStorage());
