import { useState } from 'react';
import { defaultPngResolution, type PngBackground, pngResolutions } from '../../lib/png-export';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { Label } from '../ui/input';
import { PendingButton } from '../ui/pending-button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';

const backgrounds: [PngBackground, string][] = [
  ['white', 'White'],
  ['transparent', 'Transparent'],
];

/** PNG Export Options: a square size and a background, then the PNG is drawn in the browser. */
export function PngExportDialog({
  open,
  onOpenChange,
  converting,
  onExport,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  converting: boolean;
  onExport: (size: number, background: PngBackground) => void;
}) {
  const [size, setSize] = useState(String(defaultPngResolution));
  const [background, setBackground] = useState<PngBackground>('white');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>PNG Export Options</DialogTitle>
          <DialogDescription>
            Choose the size of the square PNG and its background. The vector is centered on white, or on
            transparency to place it on any color.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label id="png-resolution-label">Resolution</Label>
          <Select value={size} onValueChange={setSize}>
            <SelectTrigger aria-labelledby="png-resolution-label">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {pngResolutions.map((resolution) => (
                <SelectItem key={resolution.size} value={String(resolution.size)}>
                  {resolution.size} × {resolution.size} ({resolution.label})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
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
            onClick={() => onExport(Number(size), background)}
          >
            Download PNG
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
