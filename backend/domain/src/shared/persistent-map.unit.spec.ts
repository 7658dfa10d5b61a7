import { emptyPersistentMap, getEntry, listEntries, withEntry } from './persistent-map';

describe('persistent map', () => {
  it('adds and replaces entries without touching the map it came from', () => {
    const empty = emptyPersistentMap<number>();
    const one = withEntry(empty, 'a', 1);
    const two = withEntry(one, 'a', 2);
    expect(getEntry(empty, 'a')).toBeUndefined();
    expect(getEntry(one, 'a')).toBe(1);
    expect(getEntry(two, 'a')).toBe(2);
  });

  it('treats inherited property names as ordinary keys', () => {
    const map = withEntry(emptyPersistentMap<number>(), '__proto__', 7);
    expect(getEntry(map, '__proto__')).toBe(7);
    expect(getEntry(map, 'constructor')).toBeUndefined();
    expect(getEntry(JSON.parse(JSON.stringify(map)), '__proto__')).toBe(7);
  });

  it('lists every entry', () => {
    let map = emptyPersistentMap<number>();
    for (let index = 0; index < 500; index++) map = withEntry(map, `key-${index}`, index);
    const entries = listEntries(map);
    expect(entries).toHaveLength(500);
    expect(new Map(entries).get('key-321')).toBe(321);
  });

  it('keeps every earlier version of a map that has grown past one leaf', () => {
    const versions = [emptyPersistentMap<number>()];
    for (let index = 0; index < 5_000; index++) versions.push(withEntry(versions[index], `reservation-${index}`, index));
    const last = versions[5_000];
    const replaced = withEntry(last, 'reservation-17', -1);
    expect(getEntry(versions[18], 'reservation-17')).toBe(17);
    expect(getEntry(versions[17], 'reservation-17')).toBeUndefined();
    expect(getEntry(last, 'reservation-4999')).toBe(4_999);
    expect(getEntry(last, 'reservation-17')).toBe(17);
    expect(getEntry(replaced, 'reservation-17')).toBe(-1);
    expect(getEntry(last, 'reservation-5000')).toBeUndefined();
    expect(listEntries(replaced)).toHaveLength(5_000);
  });

  it('reads back from JSON with every entry, also once it has branched', () => {
    let map = emptyPersistentMap<{ quantity: number }>();
    for (let index = 0; index < 300; index++) map = withEntry(map, `key-${index}`, { quantity: index });
    const read = JSON.parse(JSON.stringify(map)) as typeof map;
    expect(getEntry(read, 'key-299')).toEqual({ quantity: 299 });
    expect(getEntry(read, 'key-300')).toBeUndefined();
    expect(getEntry(withEntry(read, 'key-300', { quantity: 300 }), 'key-300')).toEqual({ quantity: 300 });
    expect(listEntries(read)).toHaveLength(300);
  });
});
