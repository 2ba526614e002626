import { describe, expect, it } from 'vitest';
import { conversionsPerMinute, pollWhileTracing } from '../support/scale-out-load.js';

// RELIABILITY 38 and 40 scaled out: two API and two worker processes on PostgreSQL, Redis and S3.
// Runs with the load tests (alone, one file at a time) when the machine's PostgreSQL and Redis answer.
describe.runIf(process.env.VECTRACE_TEST_REDIS)('scaled out, under load', () => {
  it('50 connections polling across two API processes while two workers trace stay answered (p99 under 500 ms), no errors', async () => {
    const figures = await pollWhileTracing(20);
    process.stdout.write(`scale-out load: ${JSON.stringify(figures)}\n`);
    expect(figures.stillBusy, 'the workers were tracing throughout').toBeGreaterThan(0);
    expect(figures.errors).toBe(0);
    expect(figures.non2xx).toBe(0);
    // A generous bound (a busy machine is not a failure); `npm run bench:scale-out` measures it.
    expect(figures.p99).toBeLessThan(500);
  }, 120_000);

  it('two worker processes convert more a minute than one', async () => {
    const one = await conversionsPerMinute(1);
    const two = await conversionsPerMinute(2);
    process.stdout.write(`conversions a minute: 1 worker ${one.toFixed(1)}, 2 workers ${two.toFixed(1)}\n`);
    expect(two).toBeGreaterThan(one * 1.3);
  }, 300_000);
});
