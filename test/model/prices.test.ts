import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../src/core/index.ts';
import { DEFAULT_PRICES, rowsFromTable, tableFromRows } from '../../src/model/prices.ts';

describe('the price table as editable rows', () => {
  it('starts from the default table, in its order', () => {
    expect(DEFAULT_PRICES.rows.map((r) => r.model)).toEqual(Object.keys(DEFAULT_PRICING));
    expect(tableFromRows(DEFAULT_PRICES.rows)).toEqual(DEFAULT_PRICING);
  });

  it('gives back the rows it was made from', () => {
    const rows = DEFAULT_PRICES.rows.slice(0, 2).reverse();
    expect(rowsFromTable(tableFromRows(rows))).toEqual(rows);
  });

  it('keeps a model named "__proto__" as a plain row', () => {
    const row = DEFAULT_PRICES.rows[0];
    if (row === undefined) throw new Error('no default row');
    const table = tableFromRows([{ ...row, model: '__proto__' }]);
    expect(Object.keys(table)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(table)).toBe(Object.prototype);
  });
});
