/**
 * An incremental RFC 4180 CSV reader: fields separated by commas, records by
 * CRLF or LF, `"quoted"` fields holding commas, line breaks and `""` for a
 * quote. Text is pushed in chunks of any size; each complete record is handed
 * on with the line it starts on (1-based). Blank lines hold no record.
 */

/** Receives one record: its fields and the line it starts on. */
export type CsvRecordHandler = (fields: readonly string[], line: number) => void;

/** Splits CSV text, pushed in chunks, into records. */
export class CsvSplitter {
  private field = '';
  private fields: string[] = [];
  private inQuotes = false;
  // Just saw a quote inside a quoted field: the end of it, or the first of `""`.
  private quoteSeen = false;
  private carriageReturn = false;
  private line = 1;
  private recordLine = 1;

  constructor(private readonly onRecord: CsvRecordHandler) {}

  /** Reads a chunk of text. */
  push(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (this.inQuotes) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (c === '"') {
            this.field += '"';
            continue;
          }
          this.inQuotes = false;
        } else if (c === '"') {
          this.quoteSeen = true;
          continue;
        } else {
          if (c === '\n') this.line += 1;
          this.field += c;
          continue;
        }
      }
      if (this.carriageReturn) {
        this.carriageReturn = false;
        if (c !== '\n') this.field += '\r';
      }
      if (c === ',') {
        this.fields.push(this.field);
        this.field = '';
      } else if (c === '\n') {
        this.endRecord();
        this.line += 1;
        this.recordLine = this.line;
      } else if (c === '\r') {
        this.carriageReturn = true;
      } else if (c === '"' && this.field === '') {
        this.inQuotes = true;
      } else {
        this.field += c;
      }
    }
  }

  /** Ends the text: hands on a last record that has no line break after it. */
  end(): void {
    if (this.carriageReturn) this.carriageReturn = false;
    this.inQuotes = false;
    this.quoteSeen = false;
    this.endRecord();
  }

  private endRecord(): void {
    this.fields.push(this.field);
    this.field = '';
    const fields = this.fields;
    this.fields = [];
    if (fields.length === 1 && fields[0]!.trim() === '') return;
    this.onRecord(fields, this.recordLine);
  }
}

/** The fields of the first CSV record of `text`, or `undefined` when it has not ended yet. */
export function firstCsvRecord(text: string, atEnd: boolean): string[] | undefined {
  let inQuotes = false;
  let end = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (c === '\n' && !inQuotes) {
      end = i;
      break;
    }
  }
  if (end < 0 && !atEnd) return undefined;
  let fields: string[] = [];
  const splitter = new CsvSplitter((record) => {
    if (fields.length === 0) fields = [...record];
  });
  splitter.push(end < 0 ? text : text.slice(0, end + 1));
  splitter.end();
  return fields;
}
