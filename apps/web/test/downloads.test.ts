import { describe, expect, it } from 'vitest';
import { allFormatLabels, downloadPath, zipPath } from '../src/lib/downloads';
import { checkedSize, formatLength, heightFor } from '../src/lib/output-size';

const id = '4f1c2b7e-8a3d-4c5e-9f10-2b3c4d5e6f70';

describe('downloads in other formats and sizes', () => {
  it('names every format a paid image downloads in', () => {
    expect(`Included: ${allFormatLabels()}.`).toBe('Included: SVG, EPS, PDF, DXF and PNG.');
  });

  it('asks for a format, and for a width and unit only when one was typed', () => {
    expect(downloadPath(id, 'pdf', { unit: 'px' })).toBe(`/api/download/${id}?format=pdf`);
    expect(downloadPath(id, 'dxf', { width: 210, unit: 'mm' })).toBe(
      `/api/download/${id}?format=dxf&width=210&unit=mm`,
    );
  });

  it('asks for a ZIP of several conversions in one format', () => {
    expect(zipPath(['a', 'b', 'c'], 'pdf')).toBe('/api/downloads/zip?ids=a,b,c&format=pdf');
  });

  it('checks the typed width with the server’s own rules', () => {
    expect(checkedSize({ width: '', unit: 'px' })).toEqual({ width: undefined, unit: 'px' });
    expect(checkedSize({ width: ' 150 ', unit: 'mm' })).toEqual({ width: 150, unit: 'mm' });
    expect(checkedSize({ width: '0', unit: 'in' })).toEqual({ problem: 'width must be more than 0' });
    expect(checkedSize({ width: '6000', unit: 'mm' })).toEqual({ problem: 'width must be at most 5000 mm' });
    expect(checkedSize({ width: '0.5', unit: 'mm' })).toEqual({ problem: 'width must be at least 1 mm' });
    expect(checkedSize({ width: '1', unit: 'mm' })).toEqual({ width: 1, unit: 'mm' });
    expect(checkedSize({ width: 'wide', unit: 'px' })).toEqual({ problem: 'width must be a number' });
  });

  it('gives the height that follows the image, rounded as people read each unit', () => {
    const image = { width: 1200, height: 800 };
    expect(formatLength(heightFor(300, image), 'px')).toBe('200 px');
    expect(formatLength(heightFor(100, image), 'mm')).toBe('66.7 mm');
    expect(formatLength(heightFor(5, image), 'in')).toBe('3.33 in');
    expect(formatLength(heightFor(4, { width: 2, height: 1 }), 'in')).toBe('2 in');
  });
});
