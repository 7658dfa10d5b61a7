import { fromStoredPayload, toStoredPayload } from './stored-payload';

describe('stored event payloads', () => {
  it('round-trips the version beside the data', () => {
    const stored = toStoredPayload({ version: 2, data: { cardId: 'c', quantity: 3 } });
    expect(stored).toEqual({ version: 2, cardId: 'c', quantity: 3 });
    expect(fromStoredPayload(stored)).toEqual({ version: 2, data: { cardId: 'c', quantity: 3 } });
  });

  it('reads a payload written without a version as version 1', () => {
    expect(fromStoredPayload({ cardId: 'c' })).toEqual({ version: 1, data: { cardId: 'c' } });
  });
});
