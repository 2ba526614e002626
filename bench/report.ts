import os from 'node:os';
import type { BenchOptions } from './args.js';
import { type Kind, subsetLabel } from './corpus.js';
import type { Peer } from './peers/peer.js';
import type { ImageResult, SubsetRun } from './runner.js';
import { median } from './stats.js';
import { potraceRow, summarize } from './summary.js';
import type { TargetCheck } from './targets.js';

/** What the report says about the run besides its numbers. */
export interface ReportContext {
  options: BenchOptions;
  peers: Peer[];
  unavailable: { name: string; reason: string }[];
  date: Date;
  seconds: number;
  /** Further sections (the real images), placed before the targets. */
  extra?: string[];
}

const WORST = 5;

function num(n: number, digits: number): string {
  return Number.isNaN(n) ? '–' : n.toFixed(digits);
}

function count(n: number): string {
  return Number.isNaN(n) ? '–' : String(Math.round(n * 10) / 10);
}

function table(run: SubsetRun): string[] {
  const scoreName = run.kind === 'bw' ? 'mean IoU ↑' : 'mean MAE ↓';
  const lines = [
    `| engine | ${scoreName} | median commands | median bytes | median ms | failures |`,
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const s of run.engines.map(summarize)) {
    const ms = s.inProcess ? num(s.ms, 1) : `(${num(s.ms, 1)})*`;
    const score = num(s.score, run.kind === 'bw' ? 4 : 2);
    lines.push(
      `| ${s.name} | ${score} | ${count(s.commands)} | ${count(s.bytes)} | ${ms} | ${s.failures}/${run.count} |`,
    );
  }
  return lines;
}

function stages(run: SubsetRun): string[] {
  const ours = run.engines.find((e) => e.peer.name === 'vectrace');
  const timed = ours?.images.filter((r) => r.stages) ?? [];
  if (timed.length === 0) return [];
  const names = [...new Set(timed.flatMap((r) => Object.keys(r.stages ?? {})))];
  const parts = names.map((name) => `${name} ${num(median(timed.map((r) => r.stages?.[name] ?? 0)), 2)}`);
  return [`vectrace stages, median ms: ${parts.join(', ')}`];
}

function worst(run: SubsetRun): string[] {
  const ours = run.engines.find((e) => e.peer.name === 'vectrace');
  if (!ours || ours.images.length === 0) return [];
  const peerName = run.kind === 'bw' ? potraceRow(run)?.name : 'vtracer';
  const peer = run.engines.find((e) => e.peer.name === peerName);
  const byId = new Map<string, ImageResult>(peer?.images.map((r) => [r.id, r]) ?? []);
  const sorted = [...ours.images].sort((a, b) => (run.kind === 'bw' ? a.score - b.score : b.score - a.score));
  const metric = run.kind === 'bw' ? 'IoU' : 'MAE';
  const digits = run.kind === 'bw' ? 4 : 2;
  const lines = [
    `Worst ${WORST} for vectrace by ${metric}:`,
    '',
    `| id | ${metric} | ${peerName ?? 'peer'} ${metric} | commands | ${peerName ?? 'peer'} commands |`,
    '|---|---:|---:|---:|---:|',
  ];
  for (const r of sorted.slice(0, WORST)) {
    const p = byId.get(r.id);
    lines.push(
      `| ${r.id} | ${num(r.score, digits)} | ${p ? num(p.score, digits) : '–'} | ${r.commands} | ${p?.commands ?? '–'} |`,
    );
  }
  for (const f of ours.failures) lines.push(`| ${f.id} | failed: ${f.message} | | | |`);
  return lines;
}

function settings(context: ReportContext): string[] {
  const lines: string[] = [];
  for (const kind of ['bw', 'color'] as Kind[]) {
    for (const peer of context.peers.filter((p) => p.kinds.includes(kind))) {
      lines.push(`- ${kind}, ${peer.name}: ${peer.describe(kind)}`);
    }
  }
  for (const u of context.unavailable) lines.push(`- ${u.name}: not run (${u.reason})`);
  return lines;
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.arch()}`;
}

function runDescription(options: BenchOptions): string {
  if (options.complete) return 'both corpora (synthetic and real), every engine';
  const parts: string[] = [`corpus ${options.corpus}`];
  if (options.subsets.length > 0) parts.push(`subsets ${options.subsets.join(', ')}`);
  if (options.only.length > 0) parts.push(`engines ${options.only.join(', ')}`);
  if (Number.isFinite(options.limit)) parts.push(`first ${options.limit} images per subset`);
  return parts.join('; ');
}

/** The whole report as Markdown: header, one table per subset, then the targets. */
export function renderReport(runs: SubsetRun[], checks: TargetCheck[], context: ReportContext): string {
  const { options } = context;
  const lines = [
    '# Vectrace benchmark',
    '',
    `- Date: ${context.date.toISOString()}, ${Math.round(context.seconds)} s`,
    `- Machine: ${machine()}`,
    `- Run: ${runDescription(options)}${options.repeat > 1 ? `; fastest of ${options.repeat} timings per image` : ''}`,
    `- vectrace settings override: ${JSON.stringify(options.settings)}`,
    '',
  ];
  if (runs.length > 0) {
    lines.push(
      '## Synthetic corpus (`../shared/corpus`), against ground-truth SVGs',
      '',
      'Engines and settings:',
      '',
      ...settings(context),
      '',
      'Fidelity: traced SVG and ground truth rendered with resvg at 1024 px wide on white, same frame;',
      'bw: IoU of the dark (luminance < 50%) masks; color: mean absolute difference per RGB channel (0-255).',
      'Commands: every path command in every `d`, implicit repeats included, closepath (`z`) not counted',
      '(it adds no point to a filled outline). ms: in-process per image, decode + trace + SVG, after one',
      'warm-up trace. * potrace CLI time includes a process spawn and temporary files: not comparable.',
      'The CLI runs after the in-process engines have done the subset (a fork slows the runs beside it).',
      '',
    );
  }
  for (const run of runs) {
    lines.push(`### ${subsetLabel(run)} (${run.count} images)`, '', ...table(run), '');
    const extra = stages(run);
    if (extra.length > 0) lines.push(...extra, '');
    const bad = worst(run);
    if (bad.length > 0) lines.push(...bad, '');
  }
  if (context.extra?.length) lines.push(...context.extra);
  lines.push('## Targets', '');
  if (checks.length === 0) lines.push('Not measured: vectrace was not run.');
  for (const check of checks) {
    const mark = check.met === null ? 'n/a' : check.met ? 'met' : 'NOT MET';
    lines.push(`- ${mark}: ${check.text}`);
  }
  const met = checks.filter((c) => c.met === true).length;
  const measured = checks.filter((c) => c.met !== null).length;
  if (checks.length > 0) lines.push('', `${met} of ${measured} measured targets met.`);
  lines.push('');
  return lines.join('\n');
}
