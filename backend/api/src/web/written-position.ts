/**
 * A read's `position` parameter: the event position one of this browser's commands answered, which the
 * read waits (bounded) for its projections to reach. Anything but a whole number from 1 asks for no wait.
 */
export function writtenPosition(position: string | undefined): number | undefined {
  const written = Number(position);
  return position && Number.isSafeInteger(written) && written > 0 ? written : undefined;
}
