/**
 * Secrets the redactor scrubs: the API Key plus the tokens of recently used pairs. Bounded,
 * because the redactor walks the whole list for every error or log line.
 */
export class RecentSecrets {
  readonly #fixed: readonly string[];
  readonly #recent = new Set<string>();
  readonly #max: number;

  constructor(fixed: readonly string[], max = 128) {
    this.#fixed = fixed;
    this.#max = max;
  }

  /** Remembers secrets, dropping the oldest beyond the bound. */
  add(...values: string[]): void {
    for (const value of values) {
      // Re-inserting moves a secret in use to the young end, so it is evicted last.
      if (this.#recent.has(value)) this.#recent.delete(value);
      this.#recent.add(value);
      if (this.#recent.size > this.#max) {
        const oldest = this.#recent.values().next().value;
        if (oldest !== undefined) this.#recent.delete(oldest);
      }
    }
  }

  /** Every secret to scrub. */
  *values(): Iterable<string> {
    yield* this.#fixed;
    yield* this.#recent;
  }
}
