// The weighted-average unit cost of an inventory line (functions/wms/rules.ts), in whole paise, with
// values worked out by hand.
import { describe, expect, it } from 'vitest';
import { averageCost } from '../../functions/wms/rules';
import { toPaise, unitCostField } from '../../shared/contracts/wms';

describe('weighted-average unit cost', () => {
  it('averages what the line holds with what arrives', () => {
    // 10 at ₹12.50 + 30 at ₹13.10 = ₹518.00 for 40 units: ₹12.95.
    expect(averageCost(10, 1250, 30, 1310)).toBe(1295);
    // 3 at ₹0.99 + 1 at ₹1.03 = 400 paise for 4 units.
    expect(averageCost(3, 99, 1, 103)).toBe(100);
  });

  it('rounds to the nearest paisa, half a paisa up', () => {
    expect(averageCost(1, 1000, 2, 1001)).toBe(1001); // 3002 / 3 = 1000.67
    expect(averageCost(2, 1000, 1, 1001)).toBe(1000); // 3001 / 3 = 1000.33
    expect(averageCost(1, 1, 1, 2)).toBe(2); // 3 / 2 = 1.5
    expect(averageCost(1, 1646, 1, 1649)).toBe(1648); // 3295 / 2 = 1647.5
  });

  it('stays exact at the largest quantities and costs', () => {
    // 900,000,001 units at ₹99,99,99,999.99 and 3 at 1 paisa: 90,000,000,099,100,000,002 paise for
    // 900,000,004 units = 99,999,999,665.67 paise.
    expect(averageCost(900_000_001, 99_999_999_999, 3, 1)).toBe(99_999_999_666);
  });

  it('keeps the cost for units without one, and an empty or uncosted line takes the arriving cost', () => {
    expect(averageCost(10, 1295, 5, null)).toBe(1295);
    expect(averageCost(0, 1295, 5, 2000)).toBe(2000);
    expect(averageCost(8, null, 2, 2000)).toBe(2000);
    expect(averageCost(8, null, 2, null)).toBeNull();
  });

  it('takes typed rupees with at most 2 decimals, as whole paise', () => {
    expect(toPaise(13.1)).toBe(1310);
    expect(toPaise(0.29)).toBe(29);
    expect(unitCostField.parse('12.50')).toBe(12.5);
    expect(unitCostField.parse('')).toBeNull();
    expect(unitCostField.safeParse('12.505').error?.issues[0]?.message).toBe(
      'Unit cost has at most 2 decimals (paise)',
    );
  });
});
