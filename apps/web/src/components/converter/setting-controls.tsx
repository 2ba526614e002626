import type { ReactNode } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';
import { Slider } from '../ui/slider';
import { Switch } from '../ui/switch';
import { Hint } from '../ui/tooltip';

/** The id a setting's label gets from its name: "Corner Detection" is `corner-detection-label`. */
export const labelIdOf = (name: string) => `${name.toLowerCase().replace(/\s+/g, '-')}-label`;

/** A setting's name, with an (i) that explains it on hover, focus, click or tap. */
export function SettingLabel({ id, children, hint }: { id: string; children: ReactNode; hint: string }) {
  return (
    <div className="flex items-center gap-1.5">
      <span id={id} className="text-sm font-medium">
        {children}
      </span>
      <Hint label={`About ${children}`}>{hint}</Hint>
    </div>
  );
}

/** A 0-100 slider with its value beside the name. */
export function PercentSetting({
  name,
  value,
  hint,
  onChange,
}: {
  name: string;
  value: number;
  hint: string;
  onChange: (value: number) => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <SettingLabel id={`${name}-label`} hint={hint}>
          {name}
        </SettingLabel>
        <span className="rounded-md bg-muted px-2 py-0.5 text-xs font-semibold tabular-nums">{value}</span>
      </div>
      <Slider
        label={name}
        min={0}
        max={100}
        step={1}
        value={[value]}
        onValueChange={([next]) => onChange(next)}
      />
    </div>
  );
}

/** A select of a few named choices. */
export function ChoiceSetting({
  name,
  value,
  hint,
  choices,
  onChange,
}: {
  name: string;
  value: string;
  hint: string;
  choices: [value: string, label: string][];
  onChange: (value: string) => void;
}) {
  const labelId = labelIdOf(name);
  return (
    <div className="flex flex-col gap-2">
      <SettingLabel id={labelId} hint={hint}>
        {name}
      </SettingLabel>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger aria-labelledby={labelId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {choices.map(([choice, label]) => (
            <SelectItem key={choice} value={choice}>
              {label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** An on/off setting: its name and (i) on the left, the switch on the right. */
export function SwitchSetting({
  name,
  checked,
  hint,
  onChange,
}: {
  name: string;
  checked: boolean;
  hint: string;
  onChange: (checked: boolean) => void;
}) {
  const labelId = labelIdOf(name);
  return (
    <div className="flex items-center justify-between gap-3">
      <SettingLabel id={labelId} hint={hint}>
        {name}
      </SettingLabel>
      <Switch aria-labelledby={labelId} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}
