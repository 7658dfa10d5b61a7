/**
 * Spanish card names (DESIGN §9): the card database has none, so a translation service may offer one.
 * Null means "no translation": the admin types the Spanish name, or the card keeps its English one.
 */
export interface Translator {
  translateToSpanish(name: string): Promise<string | null>;
}

export const TRANSLATOR = Symbol('TRANSLATOR');
