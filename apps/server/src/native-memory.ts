/**
 * On Linux with glibc, memory that traces and previews free in their threads stays with the
 * process: glibc raises its mmap threshold as large buffers come and go, then serves them from
 * heaps it does not give back, so an idle server kept over 1 GB after a few traces. A fixed
 * threshold (128 KB) keeps large buffers mapped on their own and unmapped when freed: idle, the
 * server goes back to about 200 MB. glibc reads the setting only as the process starts, so the
 * process starts itself again in place (same pid, same arguments) with it set. Elsewhere (musl,
 * macOS) or when the variable is set already, nothing happens.
 */
export function returnFreedMemory(): void {
  if (process.platform !== 'linux' || process.env.MALLOC_MMAP_THRESHOLD_ !== undefined) return;
  if (!process.execve) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_MMAP_THRESHOLD_: String(128 * 1024),
  });
}
