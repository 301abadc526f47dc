/** Runs tasks with the same key one after another (read-compare-write on the token store). */
export class KeyedLock {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** Runs `task` after every earlier task with this key has settled. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}
