import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the whole process to nice 10: a worker process only traces, and yields the CPU to API
 * processes on the same host. On Linux each thread has its own nice value and a new thread takes
 * its creator's, so lowering every thread now (the libuv pool that decodes with sharp among them)
 * lowers the ones to come too. Elsewhere, or where not allowed, it stays as it is.
 */
export function niceProcess(): void {
  try {
    for (const tid of readdirSync('/proc/self/task')) setPriority(Number(tid), 10);
  } catch {
    // not Linux, or not allowed
  }
}
