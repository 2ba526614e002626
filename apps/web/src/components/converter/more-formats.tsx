import { type DownloadFormat, formatDetails } from '@vectrace/contract';
import { FileDown } from 'lucide-react';
import { useId } from 'react';
import { PendingButton } from '../ui/pending-button';

/** The formats beyond SVG, each with what it is for. */
const moreFormats: DownloadFormat[] = ['eps', 'pdf', 'dxf'];

/** "More formats": Download EPS, PDF and DXF, each saying what the format is for. */
export function MoreFormats({
  busy,
  onDownload,
}: {
  /** The format being written, while one is. */
  busy: DownloadFormat | null;
  onDownload: (format: DownloadFormat) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h4 id={`${id}-title`} className="text-sm font-medium">
        More formats
      </h4>
      <ul className="grid gap-2 @xl:grid-cols-3 @xl:gap-3">
        {moreFormats.map((format) => {
          const { label, use } = formatDetails[format];
          return (
            <li key={format} className="flex flex-col gap-1">
              <PendingButton
                variant="outline"
                pending={busy === format}
                pendingLabel={`Writing ${label}...`}
                disabled={busy !== null}
                aria-describedby={`${id}-${format}`}
                onClick={() => onDownload(format)}
              >
                <FileDown aria-hidden="true" />
                Download {label}
              </PendingButton>
              {/* Too narrow for three a row, the buttons stack and their uses are read out only. */}
              <p id={`${id}-${format}`} className="text-center text-xs text-muted-foreground @max-xl:sr-only">
                For {use}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
