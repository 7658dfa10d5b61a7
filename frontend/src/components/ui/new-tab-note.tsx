/** Said with a link that opens beside the page (a payment proof), as its description. */
export const NEW_TAB = 'Se abre en una pestaña nueva.';
export const NEW_TAB_NOTE_ID = 'new-tab-note';

/** The description's text, once per page, unseen: links that open a new tab point at it with `aria-describedby`. */
export function NewTabNote() {
  return (
    <p id={NEW_TAB_NOTE_ID} hidden>
      {NEW_TAB}
    </p>
  );
}

/**
 * The same, for the eye: an arrow out of the page after the link's words (a screen reader hears the note
 * instead), joined to the last word by a no-break space: it never wraps onto a line of its own, and a link
 * laid out as a flex box keeps the space (QA: 'WhatsApp↗' on a phone, a lone '↗' on the checkout's line).
 */
export function NewTabMark() {
  return <span aria-hidden="true">{'\u00a0'}↗</span>;
}
