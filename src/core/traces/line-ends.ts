/**
 * A trace file's line ends, decided at its first line end: `\n` and `\r\n`
 * pass as they are; a CR-only file (classic Mac line ends) reads as if its
 * `\r` were `\n`. Fed the file's chunks in order.
 */
export class LineEnds {
  // Undecided until the first `\n` or `\r`; a file whose first line ends in a lone `\r` is CR-only.
  private kind: 'unknown' | 'lf' | 'cr' = 'unknown';
  // A chunk ended in `\r`: whether a `\n` follows is in the next one.
  private pendingCr = false;

  /**
   * The next chunk, its line ends as the reader takes them. A raw `\r` cannot
   * stand inside a JSON string, so in a CR-only file every `\r` ends a line.
   */
  normalise(chunk: string): string {
    if (this.kind === 'lf') return chunk;
    if (this.kind === 'cr') return chunk.replaceAll('\r', '\n');
    let text = chunk;
    if (this.pendingCr) {
      this.pendingCr = false;
      text = '\r' + text;
    }
    const cr = text.indexOf('\r');
    const lf = text.indexOf('\n');
    if (cr < 0 || (lf >= 0 && lf < cr)) {
      if (lf >= 0) this.kind = 'lf';
      return text;
    }
    if (cr === text.length - 1) {
      // Whether a `\n` follows is in the next chunk.
      this.pendingCr = true;
      return text.slice(0, -1);
    }
    this.kind = text[cr + 1] === '\n' ? 'lf' : 'cr';
    return this.kind === 'cr' ? text.replaceAll('\r', '\n') : text;
  }

  /** Whether the last chunk ended in a `\r` still held back; lets it go. */
  takePending(): boolean {
    const pending = this.pendingCr;
    this.pendingCr = false;
    return pending;
  }
}
