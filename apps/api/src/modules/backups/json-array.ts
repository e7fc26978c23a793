// Reads a JSON array of objects as it streams in, one element at a time, so a table file of any size is
// never held whole in memory. The scanner only finds where each top-level element starts and ends
// (strings, escapes and nesting tracked byte by byte; every structural character is ASCII, so UTF-8
// sequences never confuse it); each element's text is then parsed by JSON.parse, which checks its syntax.
// stream-json was not used: its README says it is not meant for untrusted input.

/** Where the array is not what it should be: its 1-based element number (0 before the first). */
export class JsonArrayError extends Error {
  override name = 'JsonArrayError';
  constructor(readonly element: number) {
    super(`invalid JSON array at element ${element}`);
  }
}

const Byte = {
  Tab: 0x09,
  NewLine: 0x0a,
  Return: 0x0d,
  Space: 0x20,
  Quote: 0x22,
  Comma: 0x2c,
  OpenBracket: 0x5b,
  Backslash: 0x5c,
  CloseBracket: 0x5d,
  OpenBrace: 0x7b,
  CloseBrace: 0x7d,
} as const;

const isSpace = (byte: number) =>
  byte === Byte.Space || byte === Byte.NewLine || byte === Byte.Return || byte === Byte.Tab;

type Phase = 'start' | 'first' | 'next' | 'element' | 'after' | 'end';

export class JsonArrayReader {
  private phase: Phase = 'start';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private parts: Buffer[] = [];
  private partBytes = 0;
  private count = 0;

  /** `maxElementBytes`: an element longer than this is refused before it is gathered (bounded memory). */
  constructor(private readonly maxElementBytes: number) {}

  /** Elements seen so far. */
  get elements(): number {
    return this.count;
  }

  /** Feeds the next bytes; answers the text (UTF-8 bytes) of every element they complete. */
  push(chunk: Buffer): Buffer[] {
    const done: Buffer[] = [];
    let elementStart = this.phase === 'element' ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      switch (this.phase) {
        case 'start':
          if (byte === Byte.OpenBracket) this.phase = 'first';
          else if (!isSpace(byte)) throw new JsonArrayError(0);
          break;
        case 'first':
        case 'next':
          if (byte === Byte.OpenBrace) {
            this.phase = 'element';
            this.depth = 1;
            this.count++;
            elementStart = i;
          } else if (byte === Byte.CloseBracket && this.phase === 'first') this.phase = 'end';
          else if (!isSpace(byte)) throw new JsonArrayError(this.count + 1);
          break;
        case 'element':
          if (this.inString) {
            if (this.escaped) this.escaped = false;
            else if (byte === Byte.Backslash) this.escaped = true;
            else if (byte === Byte.Quote) this.inString = false;
          } else if (byte === Byte.Quote) this.inString = true;
          else if (byte === Byte.OpenBrace || byte === Byte.OpenBracket) this.depth++;
          else if (byte === Byte.CloseBrace || byte === Byte.CloseBracket) {
            this.depth--;
            if (this.depth === 0) {
              this.keep(chunk.subarray(elementStart, i + 1));
              done.push(this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts));
              this.parts = [];
              this.partBytes = 0;
              elementStart = -1;
              this.phase = 'after';
            }
          }
          break;
        case 'after':
          if (byte === Byte.Comma) this.phase = 'next';
          else if (byte === Byte.CloseBracket) this.phase = 'end';
          else if (!isSpace(byte)) throw new JsonArrayError(this.count + 1);
          break;
        case 'end':
          if (!isSpace(byte)) throw new JsonArrayError(this.count + 1);
          break;
      }
    }
    if (this.phase === 'element') this.keep(chunk.subarray(elementStart));
    return done;
  }

  /** The input ended: throws unless it was a whole array. */
  end(): void {
    if (this.phase !== 'end') throw new JsonArrayError(this.phase === 'start' ? 0 : this.count + 1);
  }

  private keep(part: Buffer): void {
    this.partBytes += part.length;
    if (this.partBytes > this.maxElementBytes) throw new JsonArrayError(this.count);
    // A copy: the chunk's memory is the inflater's and may be reused.
    this.parts.push(Buffer.from(part));
  }
}
