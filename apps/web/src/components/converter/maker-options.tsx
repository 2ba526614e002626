import { type ConversionSettings, MAX_PALETTE, offsetUnits } from '@vectrace/contract';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import {
  addColors,
  type Checked,
  checkCutContour,
  checkStrokeWidth,
  convertOffset,
  firstCutContour,
  type OffsetUnit,
} from '../../lib/maker-options';
import { choicesOf, settingWords, shows } from '../../lib/modes';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';
import { ChoiceSetting, labelIdOf, SettingLabel, SwitchSetting } from './setting-controls';

/**
 * The options for cutters, engravers and plotters: what is traced, centerline's stroke width,
 * the palette, background and layering of color results, light lines on a dark ground, true
 * shapes and a sticker cut contour. Each shows where the mode uses it.
 */
export function MakerOptions({
  settings,
  onChange,
}: {
  settings: ConversionSettings;
  onChange: (settings: ConversionSettings) => void;
}) {
  const id = useId();
  const set = <K extends keyof ConversionSettings>(key: K, value: ConversionSettings[K]) =>
    onChange({ ...settings, [key]: value });
  const { mode } = settings;
  return (
    <fieldset aria-labelledby={`${id}-title`} className="flex flex-col gap-5 border-t border-border pt-5">
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-title`} className="text-sm font-semibold">
          For cutting, engraving and plotting
        </h3>
        <p className="text-xs text-muted-foreground">
          Files that machines follow: single strokes, fixed inks, shapes that never overlap, cut lines.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {shows('layering', mode) ? (
          <>
            <ChoiceSetting
              {...settingWords('background')}
              value={settings.background}
              choices={choicesOf('background')}
              onChange={(value) => set('background', value as ConversionSettings['background'])}
            />
            <ChoiceSetting
              {...settingWords('layering')}
              value={settings.layering}
              choices={choicesOf('layering')}
              onChange={(value) =>
                // Cut-out shapes share their borders exactly: true shapes would part them.
                onChange({
                  ...settings,
                  layering: value as ConversionSettings['layering'],
                  ...(value === 'cutout' ? { shapes: false } : {}),
                })
              }
            />
            <div className="sm:col-span-2">
              <PaletteSetting palette={settings.palette} onChange={(value) => set('palette', value)} />
            </div>
          </>
        ) : null}
        <ChoiceSetting
          {...settingWords('trace')}
          value={settings.trace}
          choices={choicesOf('trace')}
          onChange={(value) => set('trace', value as ConversionSettings['trace'])}
        />
        {shows('strokeWidth', mode) ? (
          <StrokeWidthSetting value={settings.strokeWidth} onChange={(value) => set('strokeWidth', value)} />
        ) : null}
      </div>
      {shows('invert', mode) ? (
        <SwitchSetting
          {...settingWords('invert')}
          checked={settings.invert}
          onChange={(value) => set('invert', value)}
        />
      ) : null}
      {shows('shapes', mode) ? (
        <SwitchSetting
          {...settingWords('shapes')}
          checked={settings.shapes}
          onChange={(value) =>
            onChange({ ...settings, shapes: value, ...(value ? { layering: 'stacked' as const } : {}) })
          }
        />
      ) : null}
      <CutContourSetting value={settings.cutContour} onChange={(value) => set('cutContour', value)} />
    </fieldset>
  );
}

/**
 * A typed field's text: what was typed, until the value it stands for changes from outside
 * (Reset, a preset, a conversion brought back), which shows the new value.
 */
function useTyped(shown: string): [string, (text: string) => void] {
  const [text, setText] = useState(shown);
  const [last, setLast] = useState(shown);
  if (shown !== last) {
    setLast(shown);
    setText(shown);
  }
  return [text, setText];
}

/** The line under a typed field: why the text is refused, or what it does. */
function FieldNote({ id, checked, text }: { id: string; checked: Checked<unknown>; text: string }) {
  const problem = 'problem' in checked ? checked.problem : null;
  return (
    <p
      id={id}
      aria-live="polite"
      className={problem ? 'text-xs text-danger' : 'text-xs text-muted-foreground'}
    >
      {problem ?? text}
    </p>
  );
}

/** Centerline's stroke width: empty for Auto, or 1 to 100 pixels. */
function StrokeWidthSetting({
  value,
  onChange,
}: {
  value: ConversionSettings['strokeWidth'];
  onChange: (value: ConversionSettings['strokeWidth']) => void;
}) {
  const id = useId();
  const labelId = labelIdOf('Stroke width');
  const [text, setText] = useTyped(value === 'auto' ? '' : String(value));
  const checked = checkStrokeWidth(text);
  return (
    <div className="flex flex-col gap-2">
      <SettingLabel id={labelId} hint={settingWords('strokeWidth').hint}>
        Stroke width
      </SettingLabel>
      <div className="relative">
        <Input
          type="number"
          inputMode="decimal"
          min={1}
          max={100}
          step="any"
          placeholder="Auto"
          value={text}
          aria-labelledby={labelId}
          aria-describedby={`${id}-note`}
          aria-invalid={'problem' in checked}
          className="pr-10"
          onChange={(event) => {
            setText(event.target.value);
            const next = checkStrokeWidth(event.target.value);
            if ('value' in next && next.value !== value) onChange(next.value);
          }}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
        >
          px
        </span>
      </div>
      <FieldNote id={`${id}-note`} checked={checked} text="Empty for Auto: measured from the image." />
    </div>
  );
}

/** The fixed colors of a color result: swatches to remove, a field and a picker to add. */
function PaletteSetting({ palette, onChange }: { palette: string[]; onChange: (palette: string[]) => void }) {
  const id = useId();
  const labelId = labelIdOf('Palette');
  const [text, setText] = useState('');
  const [picked, setPicked] = useState('#000000');
  const checked = text.trim() === '' ? { value: palette } : addColors(palette, text);
  const add = () => {
    if (text.trim() === '' || !('value' in checked)) return;
    onChange(checked.value);
    setText('');
  };
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  const full = palette.length >= MAX_PALETTE;
  return (
    <fieldset aria-labelledby={labelId} className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <SettingLabel id={labelId} hint={settingWords('palette').hint}>
          Palette
        </SettingLabel>
        {palette.length > 0 ? (
          <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => onChange([])}>
            Use the image's colors
          </Button>
        ) : null}
      </div>
      {palette.length > 0 ? (
        <ul aria-label="Palette colors" className="flex flex-wrap gap-1.5">
          {palette.map((swatch) => (
            <li
              key={swatch}
              className="flex items-center gap-1.5 rounded-md border border-border bg-surface py-0.5 pr-0.5 pl-1.5"
            >
              <span
                aria-hidden="true"
                className="size-4 rounded-sm border border-foreground/15"
                style={{ backgroundColor: swatch }}
              />
              <span className="font-mono text-xs">{swatch}</span>
              <button
                type="button"
                aria-label={`Remove ${swatch}`}
                onClick={() => onChange(palette.filter((c) => c !== swatch))}
                className="cursor-pointer rounded p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <input
          type="color"
          aria-label="Pick a color to add"
          value={picked}
          disabled={full}
          onChange={(event) => {
            setPicked(event.target.value);
            setText(event.target.value);
          }}
          className="h-10 w-11 shrink-0 cursor-pointer rounded-lg border border-border bg-surface p-1 focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
        />
        <Input
          aria-label="Colors to add to the palette"
          aria-describedby={`${id}-note`}
          aria-invalid={'problem' in checked}
          placeholder="#e4002b"
          spellCheck={false}
          autoComplete="off"
          value={text}
          disabled={full}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={addOnEnter}
        />
        <Button variant="outline" disabled={full || text.trim() === ''} onClick={add}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      <FieldNote
        id={`${id}-note`}
        checked={checked}
        text={
          full
            ? `The palette is full (${MAX_PALETTE} colors).`
            : palette.length > 0
              ? `${palette.length} of up to ${MAX_PALETTE} colors.`
              : "Empty: the image's own colors."
        }
      />
    </fieldset>
  );
}

/** The sticker cut line: off, or an offset outside the shape in px, mm or in. */
function CutContourSetting({
  value,
  onChange,
}: {
  value: ConversionSettings['cutContour'];
  onChange: (value: ConversionSettings['cutContour']) => void;
}) {
  const id = useId();
  const [text, setText] = useTyped(value ? String(value.offset) : '');
  const unit: OffsetUnit = value?.unit ?? firstCutContour.unit;
  const checked = checkCutContour(text, unit);
  const changeOffset = (typed: string) => {
    setText(typed);
    const next = checkCutContour(typed, unit);
    if ('value' in next && next.value.offset !== value?.offset) onChange(next.value);
  };
  const changeUnit = (to: OffsetUnit) => {
    const offset =
      'value' in checked
        ? convertOffset(checked.value.offset, unit, to)
        : convertOffset(firstCutContour.offset, firstCutContour.unit, to);
    onChange({ offset, unit: to });
  };
  return (
    <div className="flex flex-col gap-3">
      <SwitchSetting
        {...settingWords('cutContour')}
        checked={value !== null}
        onChange={(on) => onChange(on ? { ...firstCutContour } : null)}
      />
      {value !== null ? (
        <div className="flex flex-col gap-2">
          <div className="flex items-end gap-2">
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <label htmlFor={`${id}-offset`} className="text-xs text-muted-foreground">
                <span className="sr-only">Cut contour </span>Offset
              </label>
              <Input
                id={`${id}-offset`}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                value={text}
                aria-describedby={`${id}-note`}
                aria-invalid={'problem' in checked}
                onChange={(event) => changeOffset(event.target.value)}
              />
            </div>
            <div className="flex w-24 flex-col gap-1.5">
              <span id={`${id}-unit`} className="text-xs text-muted-foreground">
                <span className="sr-only">Cut contour </span>Unit
              </span>
              <Select value={unit} onValueChange={(to) => changeUnit(to as OffsetUnit)}>
                <SelectTrigger aria-labelledby={`${id}-unit`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {offsetUnits.map((choice) => (
                    <SelectItem key={choice} value={choice}>
                      {choice}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <FieldNote
            id={`${id}-note`}
            checked={checked}
            text="How far outside the shape the cut runs, up to 50 mm."
          />
        </div>
      ) : null}
    </div>
  );
}
