/** A minimal typed event emitter; listener errors never break the SDK. */
interface Emitter<E> {
  on<K extends keyof E>(event: K, listener: (payload: E[K]) => void): () => void;
  emit<K extends keyof E>(event: K, payload: E[K]): void;
}

/** Creates an emitter. */
export function createEmitter<E>(): Emitter<E> {
  const listeners = new Map<keyof E, Set<(payload: never) => void>>();
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) {
        try {
          (listener as (p: typeof payload) => void)(payload);
        } catch (error) {
          // A broken app listener must not stop the SDK; surface it asynchronously.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
  };
}
