/** The phone of the last order placed on this device (spec §5: the phone prefills from it). */
export const SAVED_PHONE_KEY = 'savedPhone';

export function loadSavedPhone(storage: Storage): string | null {
  try {
    return storage.getItem(SAVED_PHONE_KEY);
  } catch {
    return null;
  }
}

export function savePhone(storage: Storage, phone: string): void {
  try {
    storage.setItem(SAVED_PHONE_KEY, phone);
  } catch {
    // Private mode or a full quota: the order is placed all the same, only the prefill is lost.
  }
}
