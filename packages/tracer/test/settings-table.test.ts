import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  choiceValues,
  countsIn,
  defaultSettings,
  readSetting,
  type SettingRow,
  settingRows,
  settingRule,
  settingTakes,
  TraceError,
  toPixels,
  trace,
} from '../src/index.js';
import { validSettings } from '../src/settings/index.js';

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const bin = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

function help(): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [bin, '--help'], (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
}

/** The settings of `POST /api/v1/vectorize` in the published OpenAPI document, by name. */
async function apiFields(): Promise<Record<string, { enum?: string[]; description?: string }>> {
  const document = JSON.parse(await readFile(root('packages/client/openapi.json'), 'utf8'));
  return document.paths['/api/v1/vectorize'].post.requestBody.content['multipart/form-data'].schema
    .properties;
}

/** The converter's panels, where each setting's control is drawn. */
async function panelSources(): Promise<string> {
  const files = ['settings-panel.tsx', 'maker-options.tsx'];
  const texts = await Promise.all(
    files.map((file) => readFile(root(`apps/web/src/components/converter/${file}`), 'utf8')),
  );
  return texts.join('\n');
}

/** A value of every kind that no row of that kind takes. */
const wrong: Record<SettingRow['kind'], unknown> = {
  percent: 101,
  choice: 'sideways',
  colors: 1,
  width: 0,
  palette: ['red'],
  offset: { offset: 60, unit: 'mm' },
  flag: 'yes',
};

describe('the table of settings', () => {
  it('names every setting of the engine once, each with a default the engine takes', () => {
    const names = settingRows.map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(defaultSettings).sort());
    for (const row of settingRows) expect(settingTakes(row, defaultSettings[row.name]), row.name).toBe(true);
  });

  it('is what the engine refuses by: a value off a row is refused with the row name and rule', () => {
    for (const row of settingRows) {
      const settings = { ...defaultSettings, [row.name]: wrong[row.kind] };
      expect(() => validSettings(settings), row.name).toThrow(
        new TraceError('invalid-settings', `${row.name} must be ${settingRule(row)}`),
      );
    }
    const image = { width: 4, height: 4, data: new Uint8ClampedArray(64).fill(255) };
    expect(() => trace(image, { shapes: true, layering: 'cutout' })).toThrow(/cannot be combined/);
  });

  it('reads every setting typed as text the one way, and refuses what its rule refuses', () => {
    const typed: [string, string, unknown][] = [
      ['smoothness', '75', 75],
      ['mode', 'color', 'color'],
      ['colors', 'auto', 'auto'],
      ['colors', '12', 12],
      ['strokeWidth', '2.5', 2.5],
      ['palette', '#FF0000, 00ff00', ['#ff0000', '#00ff00']],
      ['cutContour', '2mm', { offset: 2, unit: 'mm' }],
      ['adobeCompatible', 'true', true],
    ];
    for (const [name, text, value] of typed) {
      const row = settingRows.find((r) => r.name === name) as SettingRow;
      expect(readSetting(row, text), name).toEqual(value);
    }
    for (const row of settingRows) expect(readSetting(row, 'sideways'), row.name).toBeUndefined();
    expect(toPixels(25.4, 'mm')).toBeCloseTo(96, 10);
  });

  it('counts a setting in the modes of its row, and in Auto where Auto may trace in one of them', () => {
    const row = (name: string) => settingRows.find((r) => r.name === name) as SettingRow;
    expect(countsIn(row('strokeWidth'), 'centerline')).toBe(true);
    expect(countsIn(row('strokeWidth'), 'auto')).toBe(false);
    expect(countsIn(row('threshold'), 'auto')).toBe(true);
    expect(countsIn(row('threshold'), 'color')).toBe(false);
    expect(countsIn(row('colors'), 'auto')).toBe(true);
    expect(countsIn(row('groupBy'), 'pixel')).toBe(true);
  });

  it('is what the command line takes and what its --help lists', async () => {
    const text = await help();
    for (const row of settingRows.filter((r) => r.flag !== undefined)) {
      const line = text
        .split('\n')
        .findIndex((l) => l.startsWith(`      --${row.flag} `) || l === `      --${row.flag}`);
      expect(line, `--${row.flag}`).toBeGreaterThan(0);
      const entry = text
        .split('\n')
        .slice(line, line + 4)
        .join(' ');
      for (const value of choiceValues(row)) expect(entry, `--${row.flag}`).toContain(value);
    }
  });

  it('is what the developer API takes, by its public names, with the same values', async () => {
    const fields = await apiFields();
    for (const row of settingRows.filter((r) => r.api !== undefined)) {
      const field = fields[row.api as string];
      expect(field, row.api).toBeDefined();
      if (row.kind === 'choice') expect(field.enum, row.api).toEqual(choiceValues(row));
      if (row.kind === 'flag') expect(field.enum, row.api).toEqual(['true', 'false']);
    }
  });

  it("is what the converter's panel shows: each setting of a trace by its row's label and hint", async () => {
    const panel = await panelSources();
    for (const row of settingRows.filter((r) => !r.scope.includes('output'))) {
      expect(row.hint, row.name).toBeTruthy();
      expect(panel, row.name).toContain(`settingWords('${row.name}')`);
    }
  });
});
