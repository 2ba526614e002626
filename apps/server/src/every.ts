/** Runs a task every intervalMs, never two runs at once; the returned stop waits for a run in progress. */
export function every(
  intervalMs: number,
  task: () => Promise<void>,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= task()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
