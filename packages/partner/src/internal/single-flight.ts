/** Coalesces concurrent calls with the same key into one promise. */
export class SingleFlight<T> {
  readonly #inFlight = new Map<string, Promise<T>>();

  /** Runs `task` unless one with this key is already running; every caller gets the same result. */
  run(key: string, task: () => Promise<T>): Promise<T> {
    const running = this.#inFlight.get(key);
    if (running) return running;
    const promise = task().finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, promise);
    return promise;
  }

  /** Number of running tasks. */
  get size(): number {
    return this.#inFlight.size;
  }
}
