import { describe, expect, it } from 'vitest';
import { planPage, readPage } from './paging';

describe('planPage', () => {
  it('reads the front half from the start', () => {
    expect(planPage(1, 10, 95)).toEqual({ offset: 0, limit: 10, isFromEnd: false });
    expect(planPage(5, 10, 95)).toEqual({ offset: 40, limit: 10, isFromEnd: false });
  });
  it('reads the back half from the end, the last page as cheaply as the first', () => {
    expect(planPage(10, 10, 95)).toEqual({ offset: 0, limit: 5, isFromEnd: true });
    expect(planPage(9, 10, 95)).toEqual({ offset: 5, limit: 10, isFromEnd: true });
    expect(planPage(100_000, 10, 1_000_000)).toEqual({ offset: 0, limit: 10, isFromEnd: true });
  });
  it('leaves a page past the end as it is (it reads nothing)', () => {
    expect(planPage(11, 10, 95)).toEqual({ offset: 100, limit: 10, isFromEnd: false });
    expect(planPage(1, 10, 0)).toEqual({ offset: 0, limit: 10, isFromEnd: false });
  });
});

describe('readPage', () => {
  const rows = Array.from({ length: 95 }, (_, i) => i + 1);
  const read = async (walk: 'forward' | 'backward', offset: number, limit: number) =>
    (walk === 'forward' ? rows : [...rows].reverse()).slice(offset, offset + limit);

  it('gives every page in order whichever end it reads from', async () => {
    for (let page = 1; page <= 11; page += 1) {
      const expected = rows.slice((page - 1) * 10, page * 10);
      expect(await readPage({ page, limit: 10, totalCount: rows.length }, read)).toEqual(expected);
      expect(await readPage({ page, limit: 10, totalCount: rows.length, walk: 'backward' }, read)).toEqual([...rows].reverse().slice((page - 1) * 10, page * 10));
    }
  });
});
