import { describe, expect, it } from 'vitest';
import { formatLicenceExpiry, uteDescriptionPreview } from './uteFormat';

describe('uteDescriptionPreview', () => {
  it('cuts the description to 50 characters plus an ellipsis', () => {
    const text = 'Toyota HiLux SR in Perth, canopy fitted. Available for local moves';
    expect(uteDescriptionPreview(text)).toBe(`${text.slice(0, 50)}...`);
    expect(uteDescriptionPreview('a'.repeat(50))).toBe('a'.repeat(50));
  });

  it("shows 'No description' when missing or blank", () => {
    expect(uteDescriptionPreview(null)).toBe('No description');
    expect(uteDescriptionPreview(undefined)).toBe('No description');
    expect(uteDescriptionPreview('   ')).toBe('No description');
  });
});

describe('formatLicenceExpiry', () => {
  it('shows month and year as MM/YYYY', () => {
    expect(formatLicenceExpiry({ licenceExpireMonth: 3, licenceExpireYear: 2027 })).toBe('03/2027');
    expect(formatLicenceExpiry({ licenceExpireMonth: 12, licenceExpireYear: 2030 })).toBe('12/2030');
  });

  it("shows 'N/A' when missing or impossible", () => {
    expect(formatLicenceExpiry(null)).toBe('N/A');
    expect(formatLicenceExpiry({ licenceExpireMonth: 13, licenceExpireYear: 2027 })).toBe('N/A');
  });
});
