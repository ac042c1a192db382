// What this device keeps between visits (localStorage), read and written without ever throwing: a
// browser that keeps nothing (site data blocked in its settings, some private modes) throws on every
// access to the storage, and the app then works as on a first visit instead of failing to open.
// Free of the app's other modules: the static landing page's script uses it too.

/** The value kept under `key`; null when none is, or the device keeps nothing. */
export function keptValue(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`; false when the device keeps nothing (the value lasts for this page only). */
export function keepValue(key: string, value: string): boolean {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Forgets what is kept under `key` (nothing to do on a device that keeps nothing). */
export function forgetValue(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing could be kept either.
  }
}
