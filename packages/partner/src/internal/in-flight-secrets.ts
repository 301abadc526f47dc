/**
 * Secrets of the requests under way that their own headers and body may not reveal by name: a
 * renewal's refresh token inside a custom `renewal.body` (`{ rt: token }`). Held while the
 * request runs, released after its error is built. Bounded by what is in flight, never by a
 * count of recent users: the transport scrubs what each request sent from that request's
 * errors and logs (per-request redaction, issue 16), so nothing is evicted while in use.
 */
export class InFlightSecrets {
  readonly #held = new Map<string, number>();

  /** Holds `values` until the returned function is called (once). */
  hold(...values: string[]): () => void {
    for (const value of values) this.#held.set(value, (this.#held.get(value) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const value of values) {
        const count = (this.#held.get(value) ?? 1) - 1;
        if (count <= 0) this.#held.delete(value);
        else this.#held.set(value, count);
      }
    };
  }

  /** The secrets held now. */
  values(): IterableIterator<string> {
    return this.#held.keys();
  }
}
