import type { Db } from '../../db/database';
import { utes } from '../../db/tables/utes.table';
import { nextSequence, uniqueReference } from './sequence';

export type UteRow = typeof utes.$inferSelect;
export type UteValues = Partial<typeof utes.$inferInsert>;

/**
 * The values of one Pending ute with every field filled. Its images name the demo files a seeded
 * test app has stored (writeDemoImages); its name has no `%` or `_` and no make (searches stay exact).
 */
export function buildUte(overrides: UteValues = {}): typeof utes.$inferInsert {
  const n = nextSequence();
  return {
    uteId: uniqueReference('UTE'),
    fullName: `Factory Ute ${n}`,
    description: 'A factory ute with a canopy, for local moves.',
    licenceNumber: `NSW${1000000 + n}`,
    licenceExpireMonth: 6,
    licenceExpireYear: 2030,
    serviceCities: ['Sydney', 'Parramatta'],
    state: 'NSW',
    location: 'George St, Sydney',
    uteModel: 'Factory Tray 2.4',
    chassisNumber: `MR0${100000 + n}AU1234`,
    availability: ['Weekdays'],
    budget: 150,
    images: ['demo-ute-1.png', 'demo-ute-3.png'],
    licenceImage: 'demo-licence-1.png',
    status: 'Pending',
    ...overrides,
  };
}

export async function createUte(db: Db, overrides: UteValues = {}): Promise<UteRow> {
  const [row] = await db.insert(utes).values(buildUte(overrides)).returning();
  return row;
}

export async function createUtes(db: Db, rows: number | UteValues[]): Promise<UteRow[]> {
  const values = typeof rows === 'number' ? Array.from({ length: rows }, () => buildUte()) : rows.map((overrides) => buildUte(overrides));
  if (values.length === 0) return [];
  return db.insert(utes).values(values).returning();
}
