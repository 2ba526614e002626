import {
  choiceValues,
  defaultSettings,
  readSetting,
  type SettingRow,
  settingRows,
  settingRule,
  type TraceSettings,
} from '../index.js';

/** The settings the command line takes: each row with a flag, by its flag. */
const flagged = settingRows.filter((row): row is SettingRow & { flag: string } => row.flag !== undefined);

/** The flags' options for `parseArgs`: a flag is on or off, every other setting takes a value. */
export const settingOptions = Object.fromEntries(
  flagged.map((row) => [row.flag, { type: row.kind === 'flag' ? 'boolean' : 'string' }] as const),
) as Record<string, { type: 'boolean' | 'string' }>;

/** What a value of each kind is called in `--help`. */
const placeholder: Record<SettingRow['kind'], string> = {
  percent: 'N',
  choice: 'VALUE',
  colors: 'N',
  width: 'N',
  palette: 'COLORS',
  offset: 'OFFSET',
  flag: '',
};

/** Columns of `--help`: where the help starts, and how wide a line may be. */
const HELP_COLUMN = 30;
const HELP_WIDTH = 96;

/** A setting's help in `--help`: which mode it counts in, its values, its help and its default. */
function describe(row: SettingRow): string {
  const modes = row.scope.length < 4 && !row.scope.includes('output') ? row.scope : [];
  const scope =
    modes.length > 0
      ? `${modes.slice(0, -1).join(', ')}${modes.length > 1 ? ' and ' : ''}${modes.at(-1)}: `
      : '';
  const values =
    row.kind === 'choice' ? `${choiceValues(row).join(', ')}; ` : row.kind === 'percent' ? '0 to 100; ' : '';
  const fallback = defaultSettings[row.name];
  const shown =
    row.kind === 'flag' || fallback === null || (Array.isArray(fallback) && fallback.length === 0);
  return `${scope}${values}${row.help}${shown ? '' : ` (default ${String(fallback)})`}`;
}

/** Words wrapped into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/** The settings' lines of `--help`, one entry a flag, in the table's order. */
export function settingHelp(): string {
  return flagged
    .map((row) => {
      const head = `      --${row.flag}${placeholder[row.kind] ? ` ${placeholder[row.kind]}` : ''}`;
      const lines = wrap(describe(row), HELP_WIDTH - HELP_COLUMN).map((l) => ' '.repeat(HELP_COLUMN) + l);
      // The first line of help beside the flag, or under it when the flag is too long.
      if (head.length < HELP_COLUMN) lines[0] = head.padEnd(HELP_COLUMN) + lines[0].trimStart();
      else lines.unshift(head);
      return lines.join('\n');
    })
    .join('\n');
}

/**
 * The settings given on the command line, each read from its text and checked; a value none of
 * a setting's takes is refused in one sentence, through `refuse`.
 */
export function readSettingFlags(
  values: Record<string, string | boolean | undefined>,
  refuse: (message: string) => never,
): Partial<TraceSettings> {
  const settings: Record<string, unknown> = {};
  for (const row of flagged) {
    const given = values[row.flag];
    if (given === undefined) continue;
    if (typeof given === 'boolean') {
      if (given) settings[row.name] = true;
      continue;
    }
    const value = readSetting(row, given);
    if (value === undefined)
      refuse(`--${row.flag} must be ${settingRule(row, { asText: true })} (got ${given})`);
    settings[row.name] = value;
  }
  if (values['no-background']) settings.background = 'remove';
  return settings as Partial<TraceSettings>;
}
