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
    }));
    const decider = new StreamDecider(fakeStore(append), new WriteMetrics());
    await decider.decide(counter, increment);
    const second = await decider.decide(counter, increment);
    expect(append.mock.calls.map((call) => call[2])).toEqual(['no_stream', 0]);
    expect(second.state).toBe(2);
  });

  it('passes a refusal on the current state through unchanged', async () => {
    const decider = new StreamDecider(fakeStore(jest.fn()), new WriteMetrics());
    const refuse = () => {
      throw DomainError.of('invalid_quantity');
    };
    await expect(decider.decide(counter, { ...increment, decide: refuse })).rejects.toMatchObject({ code: 'invalid_quantity' });
  });
});
