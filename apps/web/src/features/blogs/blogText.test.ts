import { describe, expect, it } from 'vitest';
import { blogDescriptionPreview, blogPostedAt } from './blogText';

describe('blogDescriptionPreview', () => {
  it('keeps up to 25 words as they are', () => {
    const text = Array.from({ length: 25 }, (_, i) => `w${i + 1}`).join(' ');
    expect(blogDescriptionPreview(text)).toBe(text);
  });

  it('cuts after 25 words and adds ...', () => {
    const text = Array.from({ length: 30 }, (_, i) => `w${i + 1}`).join(' ');
    expect(blogDescriptionPreview(text)).toBe(`${Array.from({ length: 25 }, (_, i) => `w${i + 1}`).join(' ')}...`);
  });

  it("shows 'No description' for a missing or blank description", () => {
    expect(blogDescriptionPreview(null)).toBe('No description');
    expect(blogDescriptionPreview('   ')).toBe('No description');
  });
});

describe('blogPostedAt', () => {
  it("shows an en-AU date with time, or 'No date'", () => {
    expect(blogPostedAt('2025-03-04T05:06:00Z')).toMatch(/^\d{2}\/\d{2}\/2025, \d{2}:\d{2}/);
    expect(blogPostedAt(null)).toBe('No date');
    expect(blogPostedAt('not a date')).toBe('No date');
  });
});
