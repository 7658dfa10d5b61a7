/**
 * Runs work for the same key one at a time inside this process. Commands on one stream would
 * otherwise all read the same revision and all but one lose the append race; queueing them here
 * leaves the expected-revision check for what it is meant for: writers in other processes.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /**
   * Holds every key at once. Keys are taken in sorted order, so two callers holding overlapping sets
   * never wait on each other in a cycle (a single key is a set of one).
   */
  runAll<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys)].sort();
    return sorted.reduceRight<() => Promise<T>>((inner, key) => () => this.run(key, inner), work)();
  }
}
