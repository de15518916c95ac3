/**
 * Business hours of a time zone (docs/design.md §15): Monday to Friday, from `opensAtHour` to
 * `closesAtHour` local time. The overdue thresholds counted in business hours (a query's 4 business
 * hours in Sydney) add them to when an item entered its queue (`addBusinessTime`), and the work-queue
 * counts ask the reverse (`subtractBusinessTime`): the latest entry time already overdue now.
 * Time-zone aware through Intl alone: the opening and closing hours never fall in a daylight-saving gap.
 */
export interface BusinessHours {
  timeZone: string;
  opensAtHour: number;
  closesAtHour: number;
}

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/**
 * What a process keeps of each time zone it is asked about: its formatter, and instantOf's answers
 * by wall clock. Those never change (the zone's rules are the runtime's), and the same few days'
 * opening and closing hours are asked for every row of every page: without them a page of ten work
 * items read the wall clock through Intl about 85 times (5 µs each), a third of the queries page's
 * CPU (bench/results/profile-queries-base.md). The instants are emptied when full: a long-running
 * process keeps only the days it still asks about.
 */
interface KnownZone {
  formatter: Intl.DateTimeFormat;
  instants: Map<number, number>;
}

const knownZones = new Map<string, KnownZone>();
const MAX_KNOWN_INSTANTS = 10_000;

function zoneOf(timeZone: string): KnownZone {
  let zone = knownZones.get(timeZone);
  if (!zone) {
    const formatter = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zone = { formatter, instants: new Map() };
    knownZones.set(timeZone, zone);
  }
  return zone;
}

/** The wall clock of `instant` in `zone`, as if it were UTC (ms). */
function wallClockOf(instant: number, zone: KnownZone): number {
  const parts = Object.fromEntries(zone.formatter.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** The instant the wall clock of `timeZone` shows `hour`:00 on `date` (the offset read at that instant), kept once read. */
function instantOf(date: LocalDate, hour: number, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour);
  const zone = zoneOf(timeZone);
  let instant = zone.instants.get(wall);
  if (instant === undefined) {
    instant = wall - (wallClockOf(wall, zone) - wall);
    // Once more with the offset at the guess: right across a change of offset between the two.
    instant = wall - (wallClockOf(instant, zone) - instant);
    if (zone.instants.size >= MAX_KNOWN_INSTANTS) zone.instants.clear();
    zone.instants.set(wall, instant);
  }
  return instant;
}

function shiftDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/**
 * A date on or before (`days` -1) or on or after (+1) the local date of `instant` in any time zone:
 * its UTC date one day over, as no zone is a day or more from UTC. The walks below start there
 * instead of reading the local date through Intl: the days they pass first have no business hours
 * on their side of `instant` (no time available), so they are skipped as any closed day is.
 */
function dateBeside(instant: number, days: -1 | 1): LocalDate {
  const utc = new Date(instant);
  return shiftDays({ year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() }, days);
}

const isWeekday = (date: LocalDate) => {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** Enough days for any threshold (90 days of business hours is under 5 years of calendar). */
const MAX_DAYS = 5 * 366;

/** The instant `durationMs` of business hours after `start` (a start outside them counts from the next opening). */
export function addBusinessTime(start: Date, durationMs: number, hours: BusinessHours): Date {
  let remaining = durationMs;
  let date = dateBeside(start.getTime(), -1);
  for (let days = 0; days < MAX_DAYS; days++, date = shiftDays(date, 1)) {
    if (!isWeekday(date)) continue;
    const from = Math.max(instantOf(date, hours.opensAtHour, hours.timeZone), start.getTime());
    const available = instantOf(date, hours.closesAtHour, hours.timeZone) - from;
    if (available <= 0) continue;
    if (remaining <= available) return new Date(from + remaining);
    remaining -= available;
  }
  throw new Error('addBusinessTime: duration too long');
}

/**
 * The latest instant from which `durationMs` of business hours have passed by `end`: an item that
 * entered its queue at or before it has waited at least that long.
 */
export function subtractBusinessTime(end: Date, durationMs: number, hours: BusinessHours): Date {
  let remaining = durationMs;
  let date = dateBeside(end.getTime(), 1);
  for (let days = 0; days < MAX_DAYS; days++, date = shiftDays(date, -1)) {
    if (!isWeekday(date)) continue;
    const opens = instantOf(date, hours.opensAtHour, hours.timeZone);
    const upTo = Math.min(instantOf(date, hours.closesAtHour, hours.timeZone), end.getTime());
    const available = upTo - opens;
    if (available <= 0) continue;
    if (remaining <= available) return new Date(upTo - remaining);
    remaining -= available;
  }
  throw new Error('subtractBusinessTime: duration too long');
}
