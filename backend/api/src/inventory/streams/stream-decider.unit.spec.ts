import { DomainError } from '@tcg/domain';
import { ConcurrencyError, type EventStore } from '@tcg/projections';
import { MAX_ATTEMPTS, StreamDecider, type StreamType } from './stream-decider.service';
import { WriteMetrics } from './write-metrics';

type Counted = { type: 'Counted'; version: 1; data: { n: number } };

const counter: StreamType<Counted, number> = {
  evolve: (state, event) => state + event.data.n,
  initialState: () => 0,
  parse: (type, _version, data) => ({ type, version: 1, data }) as Counted,
};

const context = { correlationId: 'c', actor: 'test' };
const increment = { streamId: 's', context, decide: () => [{ type: 'Counted' as const, version: 1 as const, data: { n: 1 } }] };

function fakeStore(append: EventStore['append']): EventStore {
  return { readStream: async () => [], append } as unknown as EventStore;
}

describe('StreamDecider', () => {
  it('gives up after a bounded number of conflicts', async () => {
    const append = jest.fn(async () => {
      throw new ConcurrencyError('s', -1, 0);
    });
    const metrics = new WriteMetrics();
    const decider = new StreamDecider(fakeStore(append), metrics);
    await expect(decider.decide(counter, increment)).rejects.toBeInstanceOf(ConcurrencyError);
    expect(append).toHaveBeenCalledTimes(MAX_ATTEMPTS);
    expect(metrics.conflictRetries).toBe(MAX_ATTEMPTS - 1);
  });

  it('appends on the snapshot it cached after its own append, with that expected revision', async () => {
    const append = jest.fn(async (_stream: string, events: unknown[], expected: unknown) => ({
      nextRevision: (expected === 'no_stream' ? -1 : (expected as number)) + events.length,
      position: 7,
      duplicate: false,
    }));
    const decider = new StreamDecider(fakeStore(append), new WriteMetrics());
    await decider.decide(counter, increment);
    const second = await decider.decide(counter, increment);
    expect(append.mock.calls.map((call) => call[2])).toEqual(['no_stream', 0]);
    expect(second.state).toBe(2);
  });

  it('on a duplicate answer, folds what the store holds and answers that it wrote nothing', async () => {
    // Another process sent the same ids first, with n = 1; this process decided n = 50 on a cached 0.
    const stored = { streamId: 's', revision: 0, position: 4, type: 'Counted', data: { version: 1, n: 1 } };
    const append = jest.fn(async () => ({ nextRevision: 0, position: 4, duplicate: true }));
    const store = { readStream: jest.fn(async () => [stored]), append } as unknown as EventStore;
    const decider = new StreamDecider(store, new WriteMetrics());
    decider.cache.set('s', { state: 0, revision: -1, position: 0 });
    const fifty = { ...increment, decide: () => [{ type: 'Counted' as const, version: 1 as const, data: { n: 50 } }], eventId: () => 'same-id' };
    const result = await decider.decide(counter, fifty);
    expect(result).toEqual({ events: [], state: 1, position: 4 });
    expect(decider.cache.get('s')).toEqual({ state: 1, revision: 0, position: 4 });
  });

  it('forgets the snapshot when an append fails, since it may have committed', async () => {
    const append = jest.fn(async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    const decider = new StreamDecider(fakeStore(append), new WriteMetrics());
    decider.cache.set('s', { state: 3, revision: 2, position: 9 });
    await expect(decider.decide(counter, increment)).rejects.toThrow('Connection terminated unexpectedly');
    expect(decider.cache.get('s')).toBeUndefined();
  });

  it('passes a refusal on the current state through unchanged', async () => {
    const decider = new StreamDecider(fakeStore(jest.fn()), new WriteMetrics());
    const refuse = () => {
      throw DomainError.of('invalid_quantity');
    };
    await expect(decider.decide(counter, { ...increment, decide: refuse })).rejects.toMatchObject({ code: 'invalid_quantity' });
  });
});

describe('StreamDecider.decideMany', () => {
  const counted = (n: number) => [{ type: 'Counted' as const, version: 1 as const, data: { n } }];
  const both = { streams: [{ type: counter, streamId: 'b' }, { type: counter, streamId: 'a' }], context };

  function atomicStore(appendMany: jest.Mock, readStream: jest.Mock = jest.fn(async () => [])): EventStore {
    return { atomicAppendMany: true, readStream, appendMany } as unknown as EventStore;
  }

  it('appends every stream in one call, in the order given, each with its expected revision', async () => {
    const appendMany = jest.fn(async (appends: Array<{ streamId: string; expected: unknown }>) => ({
      streams: appends.map((append, i) => ({ streamId: append.streamId, nextRevision: 0, position: 10 + i, duplicate: false })),
      position: 11,
    }));
    const decider = new StreamDecider(atomicStore(appendMany), new WriteMetrics());
    const result = await decider.decideMany({ ...both, decide: () => new Map([['a', counted(1)], ['b', counted(2)]]) });
    expect(appendMany).toHaveBeenCalledTimes(1);
    expect(appendMany.mock.calls[0][0].map((append: { streamId: string; expected: unknown }) => [append.streamId, append.expected])).toEqual([
      ['b', 'no_stream'],
      ['a', 'no_stream'],
    ]);
    expect(result.position).toBe(11);
    expect(decider.cache.get('b')).toEqual({ state: 2, revision: 0, position: 10 });
  });

  it('drops the stale stream on a conflict and decides again on its current state', async () => {
    const appendMany = jest
      .fn()
      .mockRejectedValueOnce(new ConcurrencyError('a', 'no_stream', 0))
      .mockImplementation(async (appends: Array<{ streamId: string }>) => ({
        streams: appends.map((append) => ({ streamId: append.streamId, nextRevision: 0, position: 1, duplicate: false })),
        position: 1,
      }));
    const stored = { streamId: 'a', revision: 0, position: 3, type: 'Counted', data: { version: 1, n: 5 } };
    const readStream = jest.fn(async (streamId: string) => (streamId === 'a' ? [stored] : []));
    const metrics = new WriteMetrics();
    const decider = new StreamDecider(atomicStore(appendMany, readStream), metrics);
    const seen: unknown[] = [];
    await decider.decideMany({
      ...both,
      decide: (states) => {
        seen.push(states.get('a'));
        return new Map([['a', counted(1)], ['b', counted(1)]]);
      },
    });
    expect(appendMany).toHaveBeenCalledTimes(2);
    expect(appendMany.mock.calls[1][0].map((append: { expected: unknown }) => append.expected)).toEqual(['no_stream', 0]);
    expect(seen).toEqual([0, 5]);
    expect(metrics).toMatchObject({ commands: 1, conflictRetries: 1 });
  });

  it('refuses a decision that writes some of the streams it read but not all', async () => {
    const decider = new StreamDecider(atomicStore(jest.fn()), new WriteMetrics());
    await expect(decider.decideMany({ ...both, decide: () => new Map([['a', counted(1)]]) })).rejects.toThrow('every stream it reads, or none');
  });

  it('needs a store with multi-stream appends', async () => {
    const decider = new StreamDecider(fakeStore(jest.fn()), new WriteMetrics());
    await expect(decider.decideMany({ ...both, decide: () => new Map() })).rejects.toThrow('cannot append to several streams');
  });
});
