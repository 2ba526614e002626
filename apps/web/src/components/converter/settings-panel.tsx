import { type ConversionSettings, defaultConversionSettings, MAX_COLORS } from '@vectrace/contract';
import { ChevronDown, RotateCcw, Wand2 } from 'lucide-react';
import type { Ref } from 'react';
import { cn } from '../../lib/cn';
import { choicesOf, settingWords, shows } from '../../lib/modes';
import { presetOf, presets } from '../../lib/presets';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { Tooltip } from '../ui/tooltip';
import { MakerOptions } from './maker-options';
import { ChoiceSetting, PercentSetting, SwitchSetting } from './setting-controls';

/** The color counts offered, up to the engine's most. */
const colorChoices = [
  'auto',
  ...[2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128].filter((n) => n <= MAX_COLORS).map(String),
];

/** One click sets the engine for a kind of image. */
function Presets({
  settings,
  onChange,
}: {
  settings: ConversionSettings;
  onChange: (settings: ConversionSettings) => void;
}) {
  const chosen = presetOf(settings);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">What is in your image?</legend>
      <div className="grid grid-cols-3 gap-2">
        {presets.map((preset) => (
          <Tooltip key={preset.name} content={preset.hint}>
            <button
              type="button"
              aria-pressed={chosen === preset}
              onClick={() => onChange({ ...preset.settings })}
              className={cn(
                'cursor-pointer rounded-lg border px-3 py-2 text-left text-sm font-medium transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                chosen === preset
                  ? 'border-primary bg-primary-soft text-foreground'
                  : 'border-border bg-surface hover:border-primary/60',
              )}
            >
              {preset.name}
            </button>
          </Tooltip>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Settings: presets; under Advanced the tracing controls and the makers' options; Reset; and
 * Convert (disabled until it can start).
 */
export function SettingsPanel({
  settings,
  onChange,
  canConvert,
  converting,
  onConvert,
  convertRef,
  pinned,
  onPin,
}: {
  settings: ConversionSettings;
  onChange: (settings: ConversionSettings) => void;
  canConvert: boolean;
  converting: boolean;
  onConvert: () => void;
  convertRef?: Ref<HTMLButtonElement>;
  /** Whether a new image starts from these settings rather than the defaults. */
  pinned: boolean;
  /** Offered once there is an image (before one, the settings are the next image's anyway). */
  onPin?: (pinned: boolean) => void;
}) {
  const set = <K extends keyof ConversionSettings>(key: K, value: ConversionSettings[K]) =>
    onChange({ ...settings, [key]: value });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Conversion Settings</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <Presets settings={settings} onChange={onChange} />
        <details className="group rounded-lg border border-border">
          <summary className="flex cursor-pointer list-none items-center justify-between rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
            Advanced
            <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <div className="flex flex-col gap-6 px-3 pt-3 pb-4">
            <PercentSetting
              {...settingWords('smoothness')}
              value={settings.smoothness}
              onChange={(value) => set('smoothness', value)}
            />
            {shows('threshold', settings.mode) ? (
              <PercentSetting
                {...settingWords('threshold')}
                value={settings.threshold}
                onChange={(value) => set('threshold', value)}
              />
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <ChoiceSetting
                {...settingWords('cornerDetection')}
                value={settings.cornerDetection}
                choices={choicesOf('cornerDetection')}
                onChange={(value) => set('cornerDetection', value as ConversionSettings['cornerDetection'])}
              />
              <ChoiceSetting
                {...settingWords('quality')}
                value={settings.quality}
                choices={choicesOf('quality')}
                onChange={(value) => set('quality', value as ConversionSettings['quality'])}
              />
              <ChoiceSetting
                {...settingWords('mode')}
                value={settings.mode}
                choices={choicesOf('mode')}
                onChange={(value) => set('mode', value as ConversionSettings['mode'])}
              />
              {shows('read', settings.mode) ? (
                <ChoiceSetting
                  {...settingWords('read')}
                  value={settings.read}
                  choices={choicesOf('read')}
                  onChange={(value) => set('read', value as ConversionSettings['read'])}
                />
              ) : null}
              {shows('colors', settings.mode) ? (
                <ChoiceSetting
                  {...settingWords('colors')}
                  value={String(settings.colors)}
                  choices={colorChoices.map((value) => [value, value === 'auto' ? 'Auto' : value])}
                  onChange={(value) => set('colors', value === 'auto' ? 'auto' : Number(value))}
                />
              ) : null}
            </div>
            {shows('gradients', settings.mode) ? (
              <SwitchSetting
                {...settingWords('gradients')}
                checked={settings.gradients}
                onChange={(value) => set('gradients', value)}
              />
            ) : null}
            <MakerOptions settings={settings} onChange={onChange} />
          </div>
        </details>
        {onPin ? (
          <label className="flex cursor-pointer items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={pinned}
              onChange={(event) => onPin(event.target.checked)}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>
              Use these settings for new images
              <span className="block text-xs text-muted-foreground">
                Otherwise each new image starts from Auto.
              </span>
            </span>
          </label>
        ) : null}
        <div className="flex gap-3">
          <Button variant="outline" onClick={() => onChange({ ...defaultConversionSettings })}>
            <RotateCcw aria-hidden="true" />
            Reset
          </Button>
          <Button ref={convertRef} className="flex-1" size="md" disabled={!canConvert} onClick={onConvert}>
            {converting ? <Spinner /> : <Wand2 aria-hidden="true" />}
            Convert
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
