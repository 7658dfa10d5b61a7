/**
 * Direction marks, overrides, embeddings and isolates: a name ending in U+202E (or a right-to-left mark)
 * turned the order history's 'Card × 2' into 'Card 2 × …', wherever the name was shown.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export const withoutBidiControls = (value: string) => !BIDI_CONTROLS.test(value);

/** Line breaks, tabs and other control characters: none belongs in a one-line text, and a code or id would carry them into URLs. */
export const withoutControlCharacters = (value: string) => !/\p{Cc}/u.test(value);

/** Text shown on one line of the shop's pages: neither of the above. */
export const isPlainLine = (value: string) => withoutBidiControls(value) && withoutControlCharacters(value);
