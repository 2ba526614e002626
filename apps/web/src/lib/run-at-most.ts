/**
 * Runs `task` on every item, at most `limit` at a time, in order; resolves once all have settled.
 * A task's failure is its own to report: it neither stops the others nor rejects the whole.
 */
export async function runAtMost<T>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch {
        // reported by the task itself
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
