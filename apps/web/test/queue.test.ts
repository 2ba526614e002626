import type { Conversion } from '@vectrace/contract';
import { describe, expect, it } from 'vitest';
import { queuedConversions } from '../src/components/converter/queue-card';

const conversion = (id: string, status: Conversion['status'], queuePosition: number | null = null) =>
  ({ id, status, queuePosition, originalFileName: `${id}.png` }) as Conversion;

describe('the processing queue', () => {
  it('lists only conversions in progress: the running ones first, then by place in the queue', () => {
    const list = [
      conversion('done', 'completed'),
      conversion('third', 'pending', 3),
      conversion('failed', 'failed'),
      conversion('second', 'pending', 2),
      conversion('running', 'processing'),
    ];
    expect(queuedConversions(list).map((c) => c.id)).toEqual(['running', 'second', 'third']);
  });

  it('is empty when nothing is in progress', () => {
    expect(queuedConversions([conversion('done', 'completed')])).toEqual([]);
  });
});
