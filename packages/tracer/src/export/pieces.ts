/**
 * Characters gathered before they are set aside as one piece of a file. A string a value (or an
 * operator) would hold a drawing of millions of them in tens of bytes each: a 57 MB DXF took over
 * 512 MB of heap, so that one download could take a server's file thread down. In pieces of this
 * size a file takes about its own size.
 */
const PIECE = 1 << 16;

/** A text file written line by line, held in pieces of about PIECE characters. */
export class Pieces {
  private pieces: string[] = [];
  private piece = '';

  /** Adds each text as a line, ended by a line feed. */
  line(...texts: string[]): void {
    for (const text of texts) this.piece += `${text}\n`;
    if (this.piece.length >= PIECE) this.setAside();
  }

  /** The whole text, every line ended by a line feed. */
  text(): string {
    this.setAside();
    return this.pieces.join('');
  }

  private setAside(): void {
    // Reading a character flattens the piece's concatenations into one string, freeing them.
    this.piece.charCodeAt(0);
    this.pieces.push(this.piece);
    this.piece = '';
  }
}
