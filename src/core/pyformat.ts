/**
 * Python-compatible number and string formatting, so that the gate's reason
 * string is byte-identical to the framework's (seed 000, `evaluate_offload_gate`;
 * SPEC §2).
 */

const POW5: bigint[] = [];
function pow5(n: number): bigint {
  let p = POW5[n];
  if (p === undefined) {
    p = 5n ** BigInt(n);
    POW5[n] = p;
  }
  return p;
}

/**
 * Formats `value` like Python's `'%.{digits}f' % value`.
 *
 * Python rounds the exact binary value and breaks exact ties half to even;
 * `Number#toFixed` also rounds the exact value but breaks ties upwards, so
 * only exact ties need separate handling. A negative value that rounds to zero
 * keeps its sign (`-0.0000`), and so does negative zero.
 *
 * @param value any number (NaN and infinities print as `nan`, `inf`, `-inf`)
 * @param digits decimal places, an integer from 0 to 100
 */
export function formatFixed(value: number, digits: number): string {
  if (value !== value) return 'nan';
  const negative = value < 0 || (value === 0 && 1 / value < 0);
  const magnitude = Math.abs(value);
  if (magnitude === Infinity) return negative ? '-inf' : 'inf';
  const body = formatMagnitude(magnitude, digits);
  return negative ? `-${body}` : body;
}

// Powers of ten that are exact doubles, for the fast path below.
const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

function formatMagnitude(x: number, digits: number): string {
  if (digits < POW10.length) {
    // Fast path (toFixed is slow). y = fl(x·10^digits) is one rounding away from
    // the exact product; below 1e9 that is under 6e-8, so unless y is within
    // 1e-6 of a half-integer, rounding y rounds the exact value the same way.
    // Ties, and values too near one to tell, fall through to the exact path.
    const y = x * (POW10[digits] as number);
    if (y < 1e9) {
      const whole = Math.floor(y);
      const fraction = y - whole; // exact
      if (Math.abs(fraction - 0.5) > 1e-6) {
        return splitDecimal(fraction > 0.5 ? whole + 1 : whole, digits);
      }
    }
  }
  if (x >= 1e21) {
    // Every double this large is an integer; toFixed would switch to exponent form.
    const whole = BigInt(x).toString();
    return digits > 0 ? `${whole}.${'0'.repeat(digits)}` : whole;
  }
  // x·10^digits ends in exactly .5 only if x is an odd multiple of 2^-(digits+1):
  // scaling by a power of two is exact, so this test is exact too.
  const scaled = x * 2 ** (digits + 1);
  if (Number.isInteger(scaled) && scaled % 2 === 1) {
    const twice = BigInt(scaled) * pow5(digits); // = 2·x·10^digits, odd
    let n = (twice - 1n) / 2n; // floor(x·10^digits)
    if (n % 2n === 1n) n += 1n; // ties to even
    return placeDecimalPoint(n.toString(), digits);
  }
  return x.toFixed(digits);
}

const ZEROS = Array.from({ length: 16 }, (_, k) => '0'.repeat(k));

/**
 * `n / 10^digits` written out exactly, for a whole `n` below 1e9 (the hot
 * path). Number-to-string concatenation is measurably faster here than
 * templates or padStart.
 */
function splitDecimal(n: number, digits: number): string {
  if (digits === 0) return String(n);
  const scale = POW10[digits] as number;
  const whole = Math.floor(n / scale);
  const fraction = n - whole * scale;
  if (digits <= 4) return whole + (fractionTable(digits)[fraction] as string);
  let zeros = digits - 1;
  for (let bound = 10; fraction >= bound && zeros > 0; bound *= 10) zeros -= 1;
  return whole + '.' + (ZEROS[zeros] as string) + fraction;
}

const FRACTIONS: string[][] = [];

/** ".0000" … ".9999" for `digits` decimals: built on first use (10,000 strings for 4). */
function fractionTable(digits: number): string[] {
  let table = FRACTIONS[digits];
  if (table === undefined) {
    const scale = POW10[digits] as number;
    table = [];
    for (let k = 0; k < scale; k++) table.push('.' + String(k).padStart(digits, '0'));
    FRACTIONS[digits] = table;
  }
  return table;
}

function placeDecimalPoint(digitsOfN: string, digits: number): string {
  if (digits === 0) return digitsOfN;
  const padded = digitsOfN.padStart(digits + 1, '0');
  return `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

const PLAIN_ASCII = /^[\x20\x21\x23-\x26\x28-\x5b\x5d-\x7e]*$/;

const NON_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

/**
 * Python's `repr()` of a `str` (3.11): single quotes unless the text holds a
 * `'` and no `"`; backslash, the chosen quote, tab, newline and carriage
 * return escaped; other non-printable code points as `\xhh`, `\uhhhh` or
 * `\Uhhhhhhhh` with lowercase hex. Used in the gate's "no pricing row" reason.
 */
export function pyRepr(text: string): string {
  // Fast path: printable ASCII without quotes or backslashes needs no escapes.
  if (PLAIN_ASCII.test(text)) return "'" + text + "'";
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch !== ' ' && NON_PRINTABLE.test(ch)) out += escapeCodePoint(code);
    else out += ch;
  }
  return out + quote;
}

function escapeCodePoint(code: number): string {
  const hex = code.toString(16);
  if (code < 0x100) return `\\x${hex.padStart(2, '0')}`;
  if (code < 0x10000) return `\\u${hex.padStart(4, '0')}`;
  return `\\U${hex.padStart(8, '0')}`;
}
