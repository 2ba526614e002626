import { type SizeUnit, sizeUnits } from '@vectrace/contract';
import { useId } from 'react';
import { checkedSize, formatLength, heightFor, type OutputSize, type PixelSize } from '../../lib/output-size';
import { Input, Label } from '../ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';

/** What the size gives: the height that follows, the natural size, or why the width is refused. */
function sizeNote(size: OutputSize, picture: PixelSize | null): { text: string; problem: boolean } {
  const checked = checkedSize(size);
  if ('problem' in checked) return { text: checked.problem, problem: true };
  if (checked.width === undefined) {
    return { text: 'Leave the width empty for one unit per image pixel.', problem: false };
  }
  if (!picture) return { text: 'The height follows the image’s proportions.', problem: false };
  const height = formatLength(heightFor(checked.width, picture), checked.unit);
  return { text: `Height: ${height}, following the image’s proportions.`, problem: false };
}

/**
 * The output size of the vector downloads: a width in px, mm or in; the height follows the image.
 * Print shops and cutting machines work in physical units, so the file is written at that size.
 */
export function OutputSizeFields({
  size,
  onChange,
  picture,
}: {
  size: OutputSize;
  onChange: (size: OutputSize) => void;
  /** The image's pixel size, for the height; null while unknown. */
  picture: PixelSize | null;
}) {
  const id = useId();
  const note = sizeNote(size, picture);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">Output size (SVG, EPS, PDF, DXF)</legend>
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-width`} className="text-xs text-muted-foreground">
            Width
          </Label>
          <Input
            id={`${id}-width`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            placeholder="Image size"
            value={size.width}
            aria-invalid={note.problem}
            aria-describedby={`${id}-note`}
            onChange={(event) => onChange({ ...size, width: event.target.value })}
          />
        </div>
        <div className="flex w-24 flex-col gap-1.5">
          <Label id={`${id}-unit`} className="text-xs text-muted-foreground">
            Unit
          </Label>
          <Select value={size.unit} onValueChange={(unit) => onChange({ ...size, unit: unit as SizeUnit })}>
            <SelectTrigger aria-labelledby={`${id}-unit`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {sizeUnits.map((unit) => (
                <SelectItem key={unit} value={unit}>
                  {unit}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <p
        id={`${id}-note`}
        aria-live="polite"
        className={note.problem ? 'text-xs text-danger' : 'text-xs text-muted-foreground'}
      >
        {note.text}
      </p>
    </fieldset>
  );
}
