import { describe, expect, it } from 'vitest';
import { pageWindow, resultRange } from './pageWindow';

describe('pageWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('centres the current page and slides at the ends', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 20)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
  it('clamps a page outside 1..last and handles no pages', () => {
    expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(-3, 7)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('resultRange', () => {
  it('gives the first and last row numbers of a page', () => {
    expect(resultRange(1, 10, 95)).toEqual({ from: 1, to: 10 });
    expect(resultRange(10, 10, 95)).toEqual({ from: 91, to: 95 });
    expect(resultRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});
