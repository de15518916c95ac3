import { describe, expect, it } from 'vitest';
import { addBusinessTime, subtractBusinessTime } from './businessHours';

const SYDNEY = { timeZone: 'Australia/Sydney', opensAtHour: 9, closesAtHour: 17 };
const HOUR = 60 * 60_000;
const at = (iso: string) => new Date(iso);

describe('business hours in Sydney (Mon-Fri 09:00-17:00)', () => {
  it('adds within a day', () => {
    // Tue 2026-12-01 10:00 AEDT (UTC+11) = 23:00Z the day before.
    expect(addBusinessTime(at('2026-11-30T23:00:00Z'), 4 * HOUR, SYDNEY).toISOString()).toBe('2026-12-01T03:00:00.000Z');
  });

  it('carries over the weekend: Friday 15:00 plus 4 business hours is Monday 11:00', () => {
    // Fri 2026-12-04 15:00 AEDT = 04:00Z; Mon 2026-12-07 11:00 AEDT = 00:00Z.
    expect(addBusinessTime(at('2026-12-04T04:00:00Z'), 4 * HOUR, SYDNEY).toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });

  it('counts a start at the weekend from Monday 09:00', () => {
    // Sat 2026-12-05 12:00 AEDT = 01:00Z; Mon 13:00 AEDT = 02:00Z.
    expect(addBusinessTime(at('2026-12-05T01:00:00Z'), 4 * HOUR, SYDNEY).toISOString()).toBe('2026-12-07T02:00:00.000Z');
  });

  it('subtracts back over the weekend: 4 business hours before Monday 11:00 is Friday 15:00', () => {
    expect(subtractBusinessTime(at('2026-12-07T00:00:00Z'), 4 * HOUR, SYDNEY).toISOString()).toBe('2026-12-04T04:00:00.000Z');
  });

  it('is the inverse of adding at any hour of a week', () => {
    for (let hour = 0; hour < 7 * 24; hour += 5) {
      const start = new Date(Date.parse('2026-12-03T00:00:00Z') + hour * HOUR);
      const deadline = addBusinessTime(start, 4 * HOUR, SYDNEY);
      expect(subtractBusinessTime(deadline, 4 * HOUR, SYDNEY).getTime()).toBeGreaterThanOrEqual(start.getTime());
      expect(addBusinessTime(subtractBusinessTime(deadline, 4 * HOUR, SYDNEY), 4 * HOUR, SYDNEY).getTime()).toBe(deadline.getTime());
    }
  });

  it('answers each time zone its own hours when both ask about the same days, again and again', () => {
    // instantOf keeps its answers by zone and wall clock: Perth (UTC+8, no daylight saving) and
    // Sydney (UTC+11 in December) open at different instants on the same Thursday.
    const perth = { ...SYDNEY, timeZone: 'Australia/Perth' };
    const start = at('2026-12-02T22:00:00Z'); // Thu 09:00 AEDT, Thu 06:00 AWST
    for (let round = 0; round < 2; round++) {
      expect(addBusinessTime(start, HOUR, SYDNEY).toISOString()).toBe('2026-12-02T23:00:00.000Z');
      expect(addBusinessTime(start, HOUR, perth).toISOString()).toBe('2026-12-03T02:00:00.000Z');
      expect(subtractBusinessTime(at('2026-12-03T02:00:00Z'), HOUR, perth).toISOString()).toBe('2026-12-03T01:00:00.000Z');
    }
  });

  it('counts local days where the local date is not the UTC date (UTC+14 and UTC-11)', () => {
    const kiritimati = { ...SYDNEY, timeZone: 'Pacific/Kiritimati' };
    const pagoPago = { ...SYDNEY, timeZone: 'Pacific/Pago_Pago' };
    // Sun 2026-12-06 20:00Z is Monday 10:00 in Kiritimati: open, though it is Sunday in UTC.
    expect(addBusinessTime(at('2026-12-06T20:00:00Z'), HOUR, kiritimati).toISOString()).toBe('2026-12-06T21:00:00.000Z');
    // Thu 11:00 there (Wed 21:00Z), 4 business hours back: Thu 09:00-11:00, then Wed 15:00 (Wed 01:00Z).
    expect(subtractBusinessTime(at('2026-12-02T21:00:00Z'), 4 * HOUR, kiritimati).toISOString()).toBe('2026-12-02T01:00:00.000Z');
    // Thu 2026-12-03 02:00Z is Wed 15:00 in Pago Pago: Wed 15:00-17:00, then Thu 09:00-11:00 (Thu 22:00Z).
    expect(addBusinessTime(at('2026-12-03T02:00:00Z'), 4 * HOUR, pagoPago).toISOString()).toBe('2026-12-03T22:00:00.000Z');
    // Sat 2026-12-05 03:00Z is Friday 16:00 there: one hour left on Friday, the next on Monday 09:00-10:00.
    expect(addBusinessTime(at('2026-12-05T03:00:00Z'), 2 * HOUR, pagoPago).toISOString()).toBe('2026-12-07T21:00:00.000Z');
  });

  it('follows daylight saving (AEST, UTC+10, in June)', () => {
    // Wed 2026-06-10 09:00 AEST = 23:00Z the day before.
    expect(addBusinessTime(at('2026-06-09T20:00:00Z'), HOUR, SYDNEY).toISOString()).toBe('2026-06-10T00:00:00.000Z');
  });
});
