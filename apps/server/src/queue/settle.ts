/** Waits until the runs settle or graceMs pass (Infinity: until they settle), whichever is first. */
export async function settleWithin(runs: Iterable<Promise<void>>, graceMs: number): Promise<void> {
  const all = Promise.allSettled(runs);
  if (!Number.isFinite(graceMs)) {
    await all;
    return;
  }
  let timeout: NodeJS.Timeout | undefined;
  const grace = new Promise((resolve) => {
    timeout = setTimeout(resolve, graceMs);
  });
  await Promise.race([all, grace]);
  clearTimeout(timeout);
}
