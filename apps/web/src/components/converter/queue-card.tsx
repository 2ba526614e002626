import { type Conversion, inProgressStatuses } from '@vectrace/contract';
import { Clock, ListOrdered } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Spinner } from '../ui/spinner';

/** The in-progress conversions, the running ones first, then by place in the queue. */
export function queuedConversions(conversions: Conversion[]): Conversion[] {
  return conversions
    .filter((c) => inProgressStatuses.includes(c.status))
    .sort((a, b) => {
      if (a.status !== b.status) return a.status === 'processing' ? -1 : 1;
      return (a.queuePosition ?? Number.MAX_SAFE_INTEGER) - (b.queuePosition ?? Number.MAX_SAFE_INTEGER);
    });
}

/** The processing queue (signed-in users). */
export function QueueCard({ conversions }: { conversions: Conversion[] }) {
  const items = queuedConversions(conversions);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          <ListOrdered aria-hidden="true" className="size-5 text-muted-foreground" />
          Processing Queue
        </CardTitle>
        <span className="text-sm text-muted-foreground">{items.length} in queue</span>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="rounded-lg bg-muted p-4 text-center text-sm text-muted-foreground">
            No items in queue
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {items.map((item, index) => (
              <li
                key={item.id}
                className="flex items-center justify-between gap-3 rounded-lg border border-border p-3"
              >
                <span className="min-w-0 truncate text-sm font-medium">{item.originalFileName}</span>
                {item.status === 'processing' ? (
                  <span className="flex shrink-0 items-center gap-1.5 text-sm text-primary">
                    <Spinner /> Processing...
                  </span>
                ) : (
                  <span className="flex shrink-0 items-center gap-1.5 text-sm text-muted-foreground">
                    <Clock aria-hidden="true" className="size-4" /> Waiting... #
                    {item.queuePosition ?? index + 1}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
