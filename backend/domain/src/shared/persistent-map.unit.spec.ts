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
});
