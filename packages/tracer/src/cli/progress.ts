/** Where one run's reports go: a line per file, or one progress bar kept up to date on a terminal. */
export interface Reporter {
  converted(line: string): void;
  failed(message: string): void;
  /** Ends the run: a batch's last line says how many were converted and failed, and the time. */
  finish(): void;
}

const BAR = 24;

/**
 * A line per finished file on `out`; on a terminal (and for more than one input) one bar on
 * `terminal` instead, with the count, the share done and the time left at the pace so far.
 * Failures always get their own line on stderr. A batch (more than one input) ends with one line
 * on `out`, unless quiet.
 */
export function reporter(
  total: number,
  options: { quiet: boolean; out: NodeJS.WritableStream; terminal: NodeJS.WriteStream },
): Reporter {
  const { quiet, out, terminal } = options;
  const bar = !quiet && total > 1 && terminal.isTTY === true;
  const started = Date.now();
  let done = 0;
  let failures = 0;
  const draw = () => {
    const share = done / total;
    const filled = Math.round(share * BAR);
    const elapsed = (Date.now() - started) / 1000;
    const left = done === 0 ? '' : `, about ${timeLeft((elapsed / done) * (total - done))} left`;
    terminal.write(
      `\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${done}/${total} ${Math.round(share * 100)}%${done < total ? left : ''}`,
    );
  };
  if (bar) draw();
  return {
    converted(line) {
      done++;
      if (bar) draw();
      else if (!quiet) out.write(`${line}\n`);
    },
    failed(message) {
      done++;
      failures++;
      if (bar) terminal.write('\r\x1b[2K');
      process.stderr.write(`vectrace: ${message}\n`);
      if (bar) draw();
    },
    finish() {
      if (bar) terminal.write('\n');
      if (quiet || total < 2) return;
      const seconds = (Date.now() - started) / 1000;
      out.write(`${total} images: ${done - failures} converted, ${failures} failed (${duration(seconds)})\n`);
    },
  };
}

/** "0.8 s", "42.1 s", "3 min 5 s". */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.floor(seconds % 60)} s`;
}

function timeLeft(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  return `${Math.round(seconds / 60)} min`;
}
