/** Runs async tasks with at most `limit` in flight, resolving results in input order. */
export async function mapPool<I, O>(
  inputs: readonly I[],
  limit: number,
  task: (input: I, index: number) => Promise<O>,
  signal?: AbortSignal,
): Promise<O[]> {
  const results = new Array<O>(inputs.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < inputs.length) {
      signal?.throwIfAborted();
      const index = next++;
      try {
        results[index] = await task(inputs[index] as I, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(limit, inputs.length)) }, worker);
  await Promise.all(workers);
  return results;
}
