import { describe, expect, it } from 'vitest';
import { pagerItems, rangeText } from '../../../web/src/components/ui';

describe('pagerItems (SPEC.md section 9)', () => {
  it('lists every page below 7 pages', () => {
    expect(pagerItems(0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(pagerItems(4, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(pagerItems(2, 6)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('from 7 pages shows first, neighbours of the current page, last', () => {
    expect(pagerItems(0, 7)).toEqual([0, 1, 'ellipsis', 6]);
    expect(pagerItems(3, 7)).toEqual([0, 'ellipsis', 2, 3, 4, 'ellipsis', 6]);
    expect(pagerItems(6, 7)).toEqual([0, 'ellipsis', 5, 6]);
  });

  it('20 pages at the start, middle and end', () => {
    expect(pagerItems(0, 20)).toEqual([0, 1, 'ellipsis', 19]);
    expect(pagerItems(1, 20)).toEqual([0, 1, 2, 'ellipsis', 19]);
    expect(pagerItems(10, 20)).toEqual([0, 'ellipsis', 9, 10, 11, 'ellipsis', 19]);
    expect(pagerItems(18, 20)).toEqual([0, 'ellipsis', 17, 18, 19]);
    expect(pagerItems(19, 20)).toEqual([0, 'ellipsis', 18, 19]);
  });

  it('has nothing to show without pages and clamps a page past the end', () => {
    expect(pagerItems(0, 0)).toEqual([]);
    expect(pagerItems(50, 20)).toEqual([0, 'ellipsis', 18, 19]);
  });
});

describe('rangeText', () => {
  it("reads 'n-m of total'", () => {
    expect(rangeText(0, 10, 42)).toBe('1-10 of 42');
    expect(rangeText(4, 10, 42)).toBe('41-42 of 42');
    expect(rangeText(0, 25, 0)).toBe('0-0 of 0');
  });
});
