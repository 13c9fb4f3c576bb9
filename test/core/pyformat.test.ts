// @vitest-environment node
/**
 * Python-compatible formatting (SPEC §2). Every expected string below was
 * checked against CPython 3.11 (`'%.{n}f' % x` and `repr(s)`), then written
 * down as a literal.
 */
import { describe, expect, it } from 'vitest';
import { formatFixed, pyRepr } from '../../src/core/pyformat.ts';

describe('formatFixed', () => {
  it.each<[string, number, number, string]>([
    // Exact binary ties round half to even (Number#toFixed rounds them up).
    ['2.5 at 0 places is a tie, to even', 2.5, 0, '2'],
    ['0.5 at 0 places is a tie, to even', 0.5, 0, '0'],
    ['1.5 at 0 places is a tie, to even', 1.5, 0, '2'],
    ['3.5 at 0 places', 3.5, 0, '4'],
    ['9.5 at 0 places', 9.5, 0, '10'],
    ['10.5 at 0 places', 10.5, 0, '10'],
    ['1234.5 at 0 places', 1234.5, 0, '1234'],
    ['-2.5 at 0 places', -2.5, 0, '-2'],
    ['-0.5 at 0 places keeps the sign of zero', -0.5, 0, '-0'],
    ['0.125 at 2 places is a tie, to even', 0.125, 2, '0.12'],
    ['0.375 at 2 places is a tie, to even', 0.375, 2, '0.38'],
    ['0.25 at 1 place', 0.25, 1, '0.2'],
    ['0.0625 at 3 places', 0.0625, 3, '0.062'],
    ['0.1875 at 3 places', 0.1875, 3, '0.188'],
    ['123456789.125 at 2 places', 123456789.125, 2, '123456789.12'],
    // Not ties: the exact binary value decides.
    ['1.005 is binary 1.00499…, so it rounds down', 1.005, 2, '1.00'],
    ['2.675 is binary 2.67499…', 2.675, 2, '2.67'],
    ['-0.00875 is binary -0.00875000000000000083…, past the tie', -0.00875, 4, '-0.0088'],
    ['0.045 is binary 0.04499…', 0.045, 2, '0.04'],
    ['5e-05 is binary 5.0000000000000002e-05', 5e-5, 4, '0.0001'],
    ['0.00015 at 4 places', 0.00015, 4, '0.0001'],
    ['1.00005 at 4 places', 1.00005, 4, '1.0001'],
    ['1.99999 carries into the integer part', 1.99999, 4, '2.0000'],
    ['999.99995 carries across the decimal point', 999.99995, 4, '1000.0000'],
    ['1.1 at 20 places shows the binary value', 1.1, 20, '1.10000000000000008882'],
    ['1.5 at 1 place', 1.5, 1, '1.5'],
    // Signed zeros.
    ['a tiny negative rounds to -0.0000', -0.00001, 4, '-0.0000'],
    ['-5e-05 rounds away from zero', -5e-5, 4, '-0.0001'],
    ['-0.0088 at 4 places', -0.0088, 4, '-0.0088'],
    ['negative zero keeps its sign', -0, 4, '-0.0000'],
    ['positive zero', 0, 4, '0.0000'],
    ['a subnormal', 1e-320, 4, '0.0000'],
    ['the smallest subnormal', 5e-324, 3, '0.000'],
    // Large values: no exponent form, exact integer digits.
    ['1e21 is printed in full', 1e21, 0, '1000000000000000000000'],
    ['1e22 is printed in full', 1e22, 2, '10000000000000000000000.00'],
    ['2^53 at 0 places', 2 ** 53, 0, '9007199254740992'],
    ['2^60 prints its exact binary value', 2 ** 60, 0, '1152921504606846976'],
    // Non-finite values.
    ['NaN', NaN, 4, 'nan'],
    ['+Infinity', Infinity, 4, 'inf'],
    ['-Infinity', -Infinity, 2, '-inf'],
  ])('%s: formatFixed(%s, %s) = %s', (_label, value, digits, expected) => {
    expect(formatFixed(value, digits)).toBe(expected);
  });

  it('differs from Number#toFixed exactly on the ties', () => {
    expect((2.5).toFixed(0)).toBe('3');
    expect(formatFixed(2.5, 0)).toBe('2');
    expect((0.125).toFixed(2)).toBe('0.13');
    expect(formatFixed(0.125, 2)).toBe('0.12');
  });
});

describe('pyRepr', () => {
  it.each<[string, string, string]>([
    ['plain text in single quotes', 'gpt-4.1', "'gpt-4.1'"],
    ['the empty string', '', "''"],
    ['an ASCII space is printable', 'a b', "'a b'"],
    ['a \' and no " switches to double quotes', "o'brien", `"o'brien"`],
    ['a " alone keeps single quotes, unescaped', 'say "hi"', `'say "hi"'`],
    ["both ' and \": single quotes, the ' escaped", `both ' and "`, `'both \\' and "'`],
    ['backslash is doubled', 'back\\slash', "'back\\\\slash'"],
    ['tab, newline and carriage return', 'tab\tnl\ncr\r', "'tab\\tnl\\ncr\\r'"],
    ['NUL is \\x00', 'nul\u0000', "'nul\\x00'"],
    ['BEL is \\x07', 'bell\u0007', "'bell\\x07'"],
    ['ESC is \\x1b', '\u001b[0m', "'\\x1b[0m'"],
    ['DEL (Cc) is \\x7f', 'del\u007f', "'del\\x7f'"],
    ['C1 controls', '\u0080\u009f', "'\\x80\\x9f'"],
    ['no-break space (Zs) is \\xa0', 'nbsp\u00a0', "'nbsp\\xa0'"],
    ['soft hyphen (Cf) is \\xad', 'shy\u00ad', "'shy\\xad'"],
    ['Latin-1 letters are printable', 'café', "'café'"],
    ['zero-width space (Cf)', 'zwsp\u200b', "'zwsp\\u200b'"],
    ['line separator (Zl)', 'ls\u2028', "'ls\\u2028'"],
    ['paragraph separator (Zp)', 'ps\u2029', "'ps\\u2029'"],
    ['ideographic space (Zs)', 'x\u3000', "'x\\u3000'"],
    ['byte-order mark (Cf)', 'bom\ufeff', "'bom\\ufeff'"],
    ['BMP private use (Co)', 'pua\ue000', "'pua\\ue000'"],
    ['a BMP symbol is printable', 'tea \u2615', "'tea \u2615'"],
    ['an emoji is printable and stays one character', 'emoji\u{1f600}', "'emoji\u{1f600}'"],
    ['a combining mark is printable', '\u{1f600}\u0301', "'\u{1f600}\u0301'"],
    ['a lone surrogate (Cs)', 'lone\ud800', "'lone\\ud800'"],
    ['astral private use (Co) uses \\U and 8 digits', 'pua\u{f0000}', "'pua\\U000f0000'"],
    ['an astral format character (Cf)', 'x\u{e0001}', "'x\\U000e0001'"],
  ])('%s', (_label, text, expected) => {
    expect(pyRepr(text)).toBe(expected);
  });
});
