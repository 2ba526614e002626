import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with where its time went (each project's span, from its first file's start to its
 * last file's end, seconds into the run; the time of its files added up; the ten slowest files),
 * then one plain line, "tests: N passed, N failed, N skipped", that any CI reads.
 */
export default class SummaryLine implements Reporter {
  private readonly started = performance.now();
  private readonly spans = new Map<string, { start: number; end: number }>();

  onTestModuleStart(module: TestModule): void {
    const span = this.spans.get(module.project.name);
    const now = performance.now();
    if (!span) this.spans.set(module.project.name, { start: now, end: now });
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.spans.get(module.project.name);
    if (span) span.end = performance.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const count = { passed: 0, failed: 0, skipped: 0 };
    const files = modules.map((module) => ({
      project: module.project.name,
      file: module.relativeModuleId,
      seconds: module.diagnostic().duration / 1000,
    }));
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') count.passed++;
        else if (state === 'failed') count.failed++;
        else count.skipped++;
      }
    }
    const lines = ['', 'time by project (span, seconds into the run, and the time of its files added up):'];
    const secondsOf = (ms: number) => (ms / 1000).toFixed(0).padStart(5);
    for (const [project, { start, end }] of this.spans) {
      const summed = files.filter((f) => f.project === project).reduce((sum, f) => sum + f.seconds, 0);
      const into = `${secondsOf(start - this.started)} s to ${secondsOf(end - this.started)} s`;
      lines.push(
        `  ${project.padEnd(26)} ${secondsOf(end - start)} s  (${into})  ${summed.toFixed(0).padStart(5)} s`,
      );
    }
    lines.push('the ten slowest files:');
    for (const { project, file, seconds } of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
      lines.push(`  ${seconds.toFixed(0).padStart(5)} s  ${project.padEnd(26)} ${file}`);
    }
    process.stdout.write(
      `${lines.join('\n')}\n\ntests: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped\n`,
    );
  }
}
