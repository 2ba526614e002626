/**
 * Turns at a few workers shared by many owners: each owner's tasks wait in a line of their own,
 * and a free worker takes the next task of the next owner in turn. One owner with a hundred
 * exports waiting delays another owner's preview by at most one task per worker, not a hundred.
 */
export function fairTurns(workers: number) {
  // Owners with tasks waiting, in turn order (a Map keeps insertion order).
  const lines = new Map<string, (() => void)[]>();
  let running = 0;

  const next = () => {
    while (running < workers) {
      const first = lines.entries().next();
      if (first.done) return;
      const [owner, line] = first.value;
      const start = line.shift();
      lines.delete(owner);
      // Still waiting: back of the turn order.
      if (line.length > 0) lines.set(owner, line);
      if (start) {
        running++;
        start();
      }
    }
  };

  return function inTurn<T>(owner: string, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        work()
          .then(resolve, reject)
          .finally(() => {
            running--;
            next();
          });
      };
      const line = lines.get(owner);
      if (line) line.push(start);
      else lines.set(owner, [start]);
      next();
    });
  };
}
