import { exactUnits } from './fixed.js';
import { Pieces } from './pieces.js';

/** A DXF value with at most 3 decimals: 1/1000 px, well inside the curve tolerance; never Infinity or NaN. */
export function real(v: number): string {
  return String(exactUnits(Math.round(v * 1000)) / 1000 || 0);
}

/** Group code / value pairs for an ASCII DXF file, with handles given out in order. */
export class DxfWriter {
  private file = new Pieces();
  private next = 1;

  handle(): string {
    return (this.next++).toString(16).toUpperCase();
  }

  /** Alternating group codes and values. */
  tags(...pairs: (string | number)[]): void {
    for (let i = 0; i < pairs.length; i += 2) {
      const value = pairs[i + 1];
      this.file.line(String(pairs[i]).padStart(3), typeof value === 'number' ? real(value) : value);
    }
  }

  section(name: string): void {
    this.tags(0, 'SECTION', 2, name);
  }

  end(marker: 'ENDSEC' | 'ENDTAB'): void {
    this.tags(0, marker);
  }

  dxfClass(name: string, cppName: string): void {
    this.tags(0, 'CLASS', 1, name, 2, cppName, 3, 'ObjectDBX Classes', 90, 0, 91, 0, 280, 0, 281, 0);
  }

  table(name: string, handle: string, count: number): void {
    this.tags(0, 'TABLE', 2, name, 5, handle, 330, 0, 100, 'AcDbSymbolTable', 70, count);
  }

  /** A table record, owned by its table; DIMSTYLE records carry their handle in 105, not 5. */
  record(type: string, table: string, subclass: string, name: string, handle = this.handle()): void {
    this.tags(0, type, type === 'DIMSTYLE' ? 105 : 5, handle, 330, table, 100, 'AcDbSymbolTableRecord');
    this.tags(100, subclass, 2, name, 70, 0);
  }

  block(name: string, record: string, paperSpace: boolean): void {
    this.tags(0, 'BLOCK', 5, this.handle(), 330, record, 100, 'AcDbEntity');
    if (paperSpace) this.tags(67, 1);
    this.tags(8, '0', 100, 'AcDbBlockBegin', 2, name, 70, 0, 10, 0, 20, 0, 30, 0, 3, name, 1, '');
    this.tags(0, 'ENDBLK', 5, this.handle(), 330, record, 100, 'AcDbEntity');
    if (paperSpace) this.tags(67, 1);
    this.tags(8, '0', 100, 'AcDbBlockEnd');
  }

  text(): string {
    return this.file.text();
  }
}
