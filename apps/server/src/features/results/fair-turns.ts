/**
 * Turns at a few workers shared by many owners: each owner's tasks wait in a line of their own,
 * and a free worker takes the next task of the owner served longest ago (one never served
 * first, then in order of arrival). One owner with a hundred exports waiting delays another
 * owner's preview by the tasks already running, not by the hundred.
 */
export function fairTurns(workers: number) {
  // Owners with tasks waiting, in order of arrival (a Map keeps insertion order).
  const lines = new Map<string, (() => void)[]>();
  // When each owner with tasks waiting or running last had one started (a count of starts).
  const served = new Map<string, number>();
  const running = new Map<string, number>();
  let runningTotal = 0;
  let starts = 0;

  const nextOwner = (): string | undefined => {
    let chosen: string | undefined;
    let oldest = Number.POSITIVE_INFINITY;
    for (const owner of lines.keys()) {
      const last = served.get(owner) ?? -1;
      if (last < oldest) {
        oldest = last;
        chosen = owner;
      }
    }
    return chosen;
  };

  const next = () => {
    while (runningTotal < workers) {
      const owner = nextOwner();
      if (owner === undefined) return;
      const line = lines.get(owner) ?? [];
      const start = line.shift();
      if (line.length === 0) lines.delete(owner);
      if (!start) continue;
      served.set(owner, starts++);
      running.set(owner, (running.get(owner) ?? 0) + 1);
      runningTotal++;
      start();
    }
  };

  const done = (owner: string) => {
    runningTotal--;
    const left = (running.get(owner) ?? 1) - 1;
    if (left > 0) running.set(owner, left);
    else running.delete(owner);
    // Nothing of theirs left: forgotten, so the maps hold only owners with work.
    if (left <= 0 && !lines.has(owner)) served.delete(owner);
    next();
  };

  return function inTurn<T>(owner: string, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        work()
          .then(resolve, reject)
          .finally(() => done(owner));
      };
      const line = lines.get(owner);
      if (line) line.push(start);
      else lines.set(owner, [start]);
      next();
    });
  };
}
