import { z } from 'zod';
import type { DomainEvent } from './decider';
import { createEventParser, EventParseError } from './event-parser';

type Renamed = DomainEvent<'Renamed', 3, { fullName: string }>;

const parse = createEventParser<Renamed>({ Renamed: { version: 3, schema: z.object({ fullName: z.string() }) } }, [
  {
    type: 'Renamed',
    fromVersion: 1,
    upcast: (data) => ({ ...(data as object), name: (data as { first: string }).first }),
  },
  { type: 'Renamed', fromVersion: 2, upcast: (data) => ({ fullName: (data as { name: string }).name }) },
]);

describe('event parser', () => {
  it('reads a current event as is', () => {
    expect(parse('Renamed', 3, { fullName: 'Ana' })).toEqual({
      type: 'Renamed',
      version: 3,
      data: { fullName: 'Ana' },
    });
  });

  it('upcasts an old event one version at a time', () => {
    expect(parse('Renamed', 1, { first: 'Ana' })).toEqual({ type: 'Renamed', version: 3, data: { fullName: 'Ana' } });
  });

  it.each([
    ['an unknown type', 'Unknown', 1, {}],
    ['a version newer than the code', 'Renamed', 4, { fullName: 'Ana' }],
    ['a version below 1', 'Renamed', 0, {}],
    ['a payload of the wrong shape', 'Renamed', 3, { fullName: 7 }],
  ])('refuses %s', (_label, type, version, data) => {
    expect(() => parse(type, version, data)).toThrow(EventParseError);
  });

  it('names each invalid field on one line', () => {
    const strict = createEventParser<Renamed>({ Renamed: { version: 3, schema: z.object({ fullName: z.string(), nick: z.object({ short: z.string() }) }) } });
    expect(() => strict('Renamed', 3, { fullName: 7, nick: { short: 1 } })).toThrow(
      'Cannot read event Renamed v3: fullName: Invalid input: expected string, received number; nick.short: Invalid input: expected string, received number',
    );
    expect(() => strict('Renamed', 3, 'lots')).toThrow('Cannot read event Renamed v3: payload: Invalid input: expected object, received string');
  });

  it('refuses an old version with no upcaster', () => {
    const strict = createEventParser<Renamed>({ Renamed: { version: 3, schema: z.object({ fullName: z.string() }) } });
    expect(() => strict('Renamed', 2, { name: 'Ana' })).toThrow(/no upcaster from version 2/);
  });
});
