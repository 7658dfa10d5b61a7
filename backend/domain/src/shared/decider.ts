/** A command or an event: a name and a plain, serialisable payload. */
export interface Command<TType extends string, TData> {
  readonly type: TType;
  readonly data: TData;
}

/** Events also carry the version of their payload's shape, so old ones can be upcast when read. */
export interface DomainEvent<TType extends string, TVersion extends number, TData> {
  readonly type: TType;
  readonly version: TVersion;
  readonly data: TData;
}

/**
 * The write-side contract of a stream: `decide` answers a command with new events or throws a
 * `DomainError`; `evolve` folds one event into the state. Neither does I/O or reads the clock.
 */
export interface Decider<TCommand, TEvent, TState> {
  decide(command: TCommand, state: TState): TEvent[];
  evolve(state: TState, event: TEvent): TState;
  initialState(): TState;
}

export function fold<TEvent, TState>(
  decider: Pick<Decider<unknown, TEvent, TState>, 'evolve' | 'initialState'>,
  events: readonly TEvent[],
): TState {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}

/** Makes a `switch` over a union fail to compile when a member is added and not handled. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
