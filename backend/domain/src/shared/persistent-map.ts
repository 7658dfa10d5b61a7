/**
 * An immutable string-keyed map for state that grows with a stream's history (a card's
 * reservations). Copying a plain object on every event made folding a card with 5,000 sales take
 * seconds, so this is a hash trie: a map of up to 16 entries is one array of key/value pairs, and a
 * fuller one spreads its keys over 32 children by five bits of their hash, each child again a map,
 * so an update copies one short array per level.
 *
 * Pairs in arrays rather than keys in objects: most cards hold a few reservations, and an object per
 * uuid key gave each its own hidden class (a replay of a million events kept 450 MB live, half of it
 * these maps). It is plain JSON, so a folded state can be stored as a snapshot and read back as is.
 */
export type PersistentMap<TValue> = Leaf<TValue> | Branch<TValue>;

/** `[key, value, key, value, …]`. */
type Leaf<TValue> = readonly (string | TValue)[];

interface Branch<TValue> {
  /** 32 slots; an empty one is a hole (null once read back from JSON). */
  readonly children: readonly (PersistentMap<TValue> | null | undefined)[];
}

const BITS = 5;
const WIDTH = 1 << BITS;
const MAX_LEAF_ENTRIES = 16;
/** Six levels use 30 of the hash's 32 bits; past them keys that share those bits stay in one leaf. */
const MAX_SHIFT = 30;

export function emptyPersistentMap<TValue>(): PersistentMap<TValue> {
  return [];
}

/** FNV-1a: cheap and well spread for short ids. */
function hash(key: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    value ^= key.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

function isLeaf<TValue>(map: PersistentMap<TValue>): map is Leaf<TValue> {
  return Array.isArray(map);
}

function indexIn<TValue>(leaf: Leaf<TValue>, key: string): number {
  for (let index = 0; index < leaf.length; index += 2) if (leaf[index] === key) return index;
  return -1;
}

export function getEntry<TValue>(map: PersistentMap<TValue>, key: string): TValue | undefined {
  const keyHash = hash(key);
  let node: PersistentMap<TValue> | null | undefined = map;
  for (let shift = 0; node && !isLeaf(node); shift += BITS) node = node.children[(keyHash >>> shift) & (WIDTH - 1)];
  if (!node) return undefined;
  const index = indexIn(node, key);
  return index < 0 ? undefined : (node[index + 1] as TValue);
}

export function withEntry<TValue>(map: PersistentMap<TValue>, key: string, value: TValue): PersistentMap<TValue> {
  return put(map, key, hash(key), 0, value);
}

function put<TValue>(node: PersistentMap<TValue> | null | undefined, key: string, keyHash: number, shift: number, value: TValue): PersistentMap<TValue> {
  if (!node) return [key, value];
  if (isLeaf(node)) {
    const index = indexIn(node, key);
    if (index >= 0) {
      const copy = node.slice();
      copy[index + 1] = value;
      return copy;
    }
    if (node.length < 2 * MAX_LEAF_ENTRIES || shift >= MAX_SHIFT) return [...node, key, value];
    let branch: PersistentMap<TValue> = { children: new Array(WIDTH) };
    for (let index = 0; index < node.length; index += 2) {
      const existing = node[index] as string;
      branch = put(branch, existing, hash(existing), shift, node[index + 1] as TValue);
    }
    return put(branch, key, keyHash, shift, value);
  }
  const slot = (keyHash >>> shift) & (WIDTH - 1);
  const children = node.children.slice();
  children[slot] = put(children[slot], key, keyHash, shift + BITS, value);
  return { children };
}

export function listEntries<TValue>(map: PersistentMap<TValue>): [string, TValue][] {
  if (!isLeaf(map)) return map.children.flatMap((child) => (child ? listEntries(child) : []));
  const entries: [string, TValue][] = [];
  for (let index = 0; index < map.length; index += 2) entries.push([map[index] as string, map[index + 1] as TValue]);
  return entries;
}
