import { subsetLabel } from './corpus.js';
import type { SubsetRun } from './runner.js';
import { type EngineSummary, potraceRow, row } from './summary.js';

/** One target line: met, not met, or not measurable in this run (null). */
export interface TargetCheck {
  text: string;
  met: boolean | null;
}

const MIN_IOU: Record<string, number> = { png64: 0.93, png256: 0.985, jpg256: 0.985, png1024: 0.997 };
const BW_SPEED_SUBSETS = ['png256', 'png1024'];
const BW_SPEED_FACTOR = 1.5;
const MAX_COMMAND_SHARE: Record<string, number> = { png256: 0.6, png768: 0.6, jpg256: 0.3 };

/** Fixed decimals, but whole numbers (median command counts) without a trailing .0. */
const fmt = (n: number, digits: number) => (Number.isInteger(n) ? String(n) : n.toFixed(digits));

function compare(
  label: string,
  what: string,
  ours: EngineSummary | undefined,
  value: (s: EngineSummary) => number,
  bound: { text: string; value: number } | undefined,
  ok: (a: number, b: number) => boolean,
  digits: number,
): TargetCheck {
  if (!bound) return { text: `${label}: ${what}, reference engine not run`, met: null };
  if (!ours || ours.traced === 0)
    return { text: `${label}: ${what} ${bound.text}, no vectrace result`, met: null };
  const v = value(ours);
  return { text: `${label}: ${what} ${fmt(v, digits)} (target ${bound.text})`, met: ok(v, bound.value) };
}

function bwChecks(run: SubsetRun): TargetCheck[] {
  const label = subsetLabel(run);
  const ours = row(run, 'vectrace');
  const potrace = potraceRow(run);
  const wasm = row(run, 'potrace-wasm');
  const checks: TargetCheck[] = [];
  const minIou = MIN_IOU[run.name];
  if (minIou !== undefined) {
    checks.push(
      compare(
        label,
        'mean IoU',
        ours,
        (s) => s.score,
        { text: `>= ${minIou}`, value: minIou },
        (a, b) => a >= b,
        4,
      ),
    );
  }
  checks.push(
    compare(
      label,
      'mean IoU',
      ours,
      (s) => s.score,
      potrace && { text: `> ${potrace.name} ${fmt(potrace.score, 4)}`, value: potrace.score },
      (a, b) => a > b,
      4,
    ),
    compare(
      label,
      'median commands',
      ours,
      (s) => s.commands,
      potrace && { text: `<= ${potrace.name} ${potrace.commands}`, value: potrace.commands },
      (a, b) => a <= b,
      1,
    ),
  );
  if (BW_SPEED_SUBSETS.includes(run.name)) {
    const limit = wasm ? wasm.ms * BW_SPEED_FACTOR : Number.NaN;
    checks.push(
      compare(
        label,
        'median ms',
        ours,
        (s) => s.ms,
        wasm && {
          text: `<= ${BW_SPEED_FACTOR} x potrace-wasm ${fmt(wasm.ms, 1)} = ${fmt(limit, 1)}`,
          value: limit,
        },
        (a, b) => a <= b,
        1,
      ),
    );
  }
  return checks;
}

function colorChecks(run: SubsetRun): TargetCheck[] {
  const label = subsetLabel(run);
  const ours = row(run, 'vectrace');
  const vt = row(run, 'vtracer');
  const checks = [
    compare(
      label,
      'mean MAE',
      ours,
      (s) => s.score,
      vt && { text: `<= vtracer ${fmt(vt.score, 2)}`, value: vt.score },
      (a, b) => a <= b,
      2,
    ),
  ];
  const share = MAX_COMMAND_SHARE[run.name];
  if (share !== undefined) {
    checks.push(
      compare(
        label,
        'median commands',
        ours,
        (s) => s.commands,
        vt && {
          text: `<= ${share * 100}% of vtracer ${vt.commands} = ${fmt(vt.commands * share, 1)}`,
          value: vt.commands * share,
        },
        (a, b) => a <= b,
        1,
      ),
    );
  }
  checks.push(
    compare(
      label,
      'median ms',
      ours,
      (s) => s.ms,
      vt && { text: `<= vtracer ${fmt(vt.ms, 1)}`, value: vt.ms },
      (a, b) => a <= b,
      1,
    ),
  );
  return checks;
}

/** Every target of the tracer issue that this run can measure. */
export function checkTargets(runs: SubsetRun[]): TargetCheck[] {
  if (!runs.some((run) => row(run, 'vectrace'))) return [];
  const checks = runs.flatMap((run) => (run.kind === 'bw' ? bwChecks(run) : colorChecks(run)));
  const ours = runs.map((run) => row(run, 'vectrace')).filter((s) => s !== undefined);
  if (ours.length > 0) {
    const failures = ours.reduce((sum, s) => sum + s.failures, 0);
    checks.push({ text: `all subsets: vectrace failures ${failures} (target 0)`, met: failures === 0 });
  }
  return checks;
}
