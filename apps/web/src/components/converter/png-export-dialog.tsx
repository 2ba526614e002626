import { useId, useState } from 'react';
import type { PixelSize } from '../../lib/output-size';
import {
  defaultPngResolution,
  MAX_PNG_SIDE,
  type PngBackground,
  pngResolutions,
  pngSizeFor,
  pngWidthProblem,
} from '../../lib/png-export';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { Input, Label } from '../ui/input';
import { PendingButton } from '../ui/pending-button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';

const backgrounds: [PngBackground, string][] = [
  ['white', 'White'],
  ['transparent', 'Transparent'],
];
const CUSTOM = 'custom';

/** A width as the select shows it: its pixel size when the image's proportions are known. */
function sizeWords(width: number, picture: PixelSize | null): string {
  if (!picture) return `${width} px wide`;
  const size = pngSizeFor(width, picture);
  return `${size.width} × ${size.height}`;
}

/**
 * PNG Export Options: a width (a preset or typed, the height following the image) and a
 * background, then the PNG is drawn in the browser.
 */
export function PngExportDialog({
  open,
  onOpenChange,
  converting,
  onExport,
  picture,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  converting: boolean;
  onExport: (width: number, background: PngBackground) => void;
  /** The image's pixel size, for the heights; null while unknown. */
  picture: PixelSize | null;
}) {
  const [choice, setChoice] = useState(String(defaultPngResolution));
  const [custom, setCustom] = useState('');
  const [background, setBackground] = useState<PngBackground>('white');
  const customId = useId();
  const problem = choice === CUSTOM ? pngWidthProblem(custom) : null;
  const width = choice === CUSTOM ? Number(custom) : Number(choice);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>PNG Export Options</DialogTitle>
          <DialogDescription>
            Choose the width of the PNG and its background. The height follows the image's own proportions;
            the background is white, or transparent to place the picture on any color.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label id="png-resolution-label">Resolution</Label>
          <Select value={choice} onValueChange={setChoice}>
            <SelectTrigger aria-labelledby="png-resolution-label">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {pngResolutions.map((resolution) => (
                <SelectItem key={resolution.size} value={String(resolution.size)}>
                  {sizeWords(resolution.size, picture)} ({resolution.label})
                </SelectItem>
              ))}
              <SelectItem value={CUSTOM}>Custom width</SelectItem>
            </SelectContent>
          </Select>
        </div>
        {choice === CUSTOM ? (
          <div className="flex flex-col gap-2">
            <Label htmlFor={customId}>Width in pixels</Label>
            <Input
              id={customId}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_PNG_SIDE}
              step={1}
              placeholder={`Up to ${MAX_PNG_SIDE}`}
              value={custom}
              aria-invalid={custom !== '' && problem !== null}
              aria-describedby={`${customId}-note`}
              onChange={(event) => setCustom(event.target.value)}
            />
            <p id={`${customId}-note`} className="text-xs text-muted-foreground" aria-live="polite">
              {custom !== '' && problem
                ? problem
                : picture && !problem
                  ? `The PNG will be ${sizeWords(width, picture)} pixels.`
                  : `Up to ${MAX_PNG_SIDE} pixels; the height follows the image.`}
            </p>
          </div>
        ) : null}
        <div className="flex flex-col gap-2">
          <Label id="png-background-label">Background</Label>
          <Select value={background} onValueChange={(value) => setBackground(value as PngBackground)}>
            <SelectTrigger aria-labelledby="png-background-label">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {backgrounds.map(([value, label]) => (
                <SelectItem key={value} value={value}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <PendingButton
            pending={converting}
            pendingLabel="Converting..."
            disabled={problem !== null}
            onClick={() => onExport(width, background)}
          >
            Download PNG
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
