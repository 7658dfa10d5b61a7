import type { UseMutateFunction, UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * The mutation, with a `mutate` that does nothing while its previous call is unanswered. TanStack Query
 * tells the component a mutation is pending after a timer, so the second click of a double click still
 * found 'Guardar' enabled and sent the request again (QA: two slides from one double click, and a set
 * saved and then refused as a duplicate of itself). A ref changes at once.
 */
export function useSingleFlight<TData, TError, TVariables, TContext>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const inFlight = useRef(false);
  const mutate: UseMutateFunction<TData, TError, TVariables, TContext> = (...args) => {
    if (inFlight.current) return;
    inFlight.current = true;
    // The promise settles for every call; the callbacks of a call TanStack no longer observes do not.
    mutation
      .mutateAsync(...args)
      .catch(() => undefined)
      .finally(() => (inFlight.current = false));
  };
  return { ...mutation, mutate };
}
