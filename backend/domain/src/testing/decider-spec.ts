import { type Decider, DomainError, type DomainErrorCode, fold } from '../shared';

/**
 * `given(events).when(command).then(events)`: a decision test reads as the rule it checks.
 * Refusals are matched by their stable code, never by message text.
 */
export function deciderSpec<TCommand, TEvent, TState>(decider: Decider<TCommand, TEvent, TState>) {
  return {
    given(history: readonly TEvent[]) {
      return {
        when(command: TCommand) {
          const decide = () => decider.decide(command, fold(decider, history));
          return {
            then(expected: readonly TEvent[]): void {
              expect(decide()).toEqual(expected);
            },
            thenNothingHappens(): void {
              expect(decide()).toEqual([]);
            },
            thenRefuses(code: DomainErrorCode, inspect?: (error: DomainError) => void): void {
              let refusal: unknown;
              try {
                decide();
              } catch (error) {
                refusal = error;
              }
              expect(refusal).toBeInstanceOf(DomainError);
              expect((refusal as DomainError).code).toBe(code);
              inspect?.(refusal as DomainError);
            },
          };
        },
      };
    },
  };
}
