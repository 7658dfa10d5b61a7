/**
 * The phone of the last order placed on this device, with the account that placed it (spec §5: the
 * phone prefills from it). Another account signing in on the same browser never sees it: a shared
 * computer would otherwise offer one shopper's number to the next, and save it into their account.
 */
export const SAVED_PHONE_KEY = 'savedPhone';

interface SavedPhone {
  userId: string;
  phone: string;
}

function isSavedPhone(value: unknown): value is SavedPhone {
  const saved = value as Partial<SavedPhone> | null;
  return typeof saved?.userId === 'string' && typeof saved.phone === 'string';
}

export function loadSavedPhone(storage: Storage, userId: string): string | null {
  try {
    const saved: unknown = JSON.parse(storage.getItem(SAVED_PHONE_KEY) ?? 'null');
    return isSavedPhone(saved) && saved.userId === userId ? saved.phone : null;
  } catch {
    // Unreadable storage, or a value from before phones were kept per account: no prefill.
    return null;
  }
}

export function savePhone(storage: Storage, userId: string, phone: string): void {
  try {
    storage.setItem(SAVED_PHONE_KEY, JSON.stringify({ userId, phone } satisfies SavedPhone));
  } catch {
    // Private mode or a full quota: the order is placed all the same, only the prefill is lost.
  }
}

/** Signing out forgets the phone: the account's own phone prefills the next checkout anyway (privacy QA). */
export function forgetSavedPhone(storage: Storage): void {
  try {
    storage.removeItem(SAVED_PHONE_KEY);
  } catch {
    // Unreadable storage holds nothing to forget.
  }
}
