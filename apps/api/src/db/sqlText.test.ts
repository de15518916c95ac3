import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, entityKind, eq, ilike, inArray, isNull, SQL, sql } from 'drizzle-orm';
import { alias, jsonb, PgDialect, pgSchema, pgTable, text } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '../test/testApp';
import { queryRows } from './database';
import { checkSqlTextAgainstDrizzle, sqlText } from './sqlText';
import { utes } from './tables/utes.table';
import { users } from './tables/users.table';

const drizzle = new PgDialect();
const owners = alias(users, 'owners');
const elsewhere = pgSchema('elsewhere').table('things', { id: text('id'), data: jsonb('data') });
const others = alias(elsewhere, 'others');
const keyNamed = pgTable('key_named', { ownerName: text() });
const since = new Date('2026-11-01T00:00:00.000Z');

// The shapes of the api's statements: a list's walk and rows, a match set, a count, ...
const plain: Record<string, SQL> = {
  'columns, params and an alias table': sql`select ${utes.id}, ${owners.firstName} from ${utes} left join ${owners} on ${eq(owners.id, utes.ownerId)}
    where ${and(isNull(utes.deletedAt), ilike(utes.fullName, '%evie%'), sql`${utes.createdAt} < ${since}`)} order by ${desc(utes.createdAt)} limit ${10} offset ${0}`,
  'a column encodes its value (a date, a json document)': sql`select 1 from ${elsewhere} where ${eq(elsewhere.data, { a: [1, 'b'] })} and ${eq(utes.createdAt, since)}`,
  'in (an array), null and booleans': sql`select ${inArray(utes.id, ['a', 'b', 'c'])}, ${null}, ${true}, ${[1, [2, 3]]}`,
  'raw text, identifiers, joins and an empty sql': sql`select ${sql.raw('field_0')} as ${sql.identifier('a "quoted" name')} from ${users}${sql.join([sql`, `, sql.empty()])}`,
  'a schema-qualified table and its alias': sql`select ${elsewhere.id}, ${others.id} from ${elsewhere}, ${others}`,
};

// What sqlText leaves to Drizzle: it still answers as Drizzle does.
const notPlain: Record<string, SQL> = {
  'a placeholder': sql`select ${utes.id} from ${utes} where ${eq(utes.id, sql.placeholder('id'))}`,
  'inlined parameters': sql`select ${"it's"}, ${7}`.inlineParams(),
  'an aliased field': sql`select ${sql`1`.as('one')}`,
  'a column named by its key': sql`select ${keyNamed.ownerName} from ${keyNamed}`,
};

describe('sqlText', () => {
  for (const [name, query] of Object.entries({ ...plain, ...notPlain })) {
    it(`renders ${name} as Drizzle does`, () => {
      const { sql: text, params } = sqlText(query);
      const expected = drizzle.sqlToQuery(query);
      expect({ text, params }).toEqual({ text: expected.sql, params: expected.params });
    });
  }

  it('numbers parameters in order across nested templates', () => {
    expect(sqlText(sql`${1} ${sql`${2} ${[3, 4]}`} ${sql`${5}`}`)).toEqual({ sql: '$1 $2 ($3, $4) $5', params: [1, 2, 3, 4, 5] });
  });

  it('when checking, throws where its text and Drizzle differ', () => {
    checkSqlTextAgainstDrizzle(true);
    // Drizzle knows its classes by their entityKind too: it reads this as text, sqlText as a value.
    class ForeignChunk {
      static readonly [entityKind] = 'StringChunk';
      readonly value = ['1'];
    }
    expect(() => sqlText(sql`select ${new ForeignChunk()}`)).toThrow(/differs from Drizzle/);
  });
});

describe('queryRows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs the text on the database and in a transaction, with its parameters', async () => {
    const read = sql`select ${utes.uteId} as "uteId" from ${utes} where ${inArray(utes.uteId, ['none', 'either'])} or ${utes.createdAt} > ${since} limit ${1}`;
    const onDb = await queryRows<{ uteId: string }>(t.database.db, read);
    const inTx = await t.database.db.transaction((tx) => queryRows<{ uteId: string }>(tx, read));
    expect(inTx).toEqual(onDb);
    expect(await queryRows(t.database.db, sql`select ${'a'}::text as "a", ${2}::int as "b"`)).toEqual([{ a: 'a', b: 2 }]);
  });
});

describe("the app's Drizzle (renderedBySqlText)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
    checkSqlTextAgainstDrizzle(true);
  });

  it("renders its builders' statements by sqlText: Drizzle's renderer is not called, the rows are the same", async () => {
    const { db } = t.database;
    const read = () =>
      db
        .select({ id: utes.id, owner: owners.firstName })
        .from(utes)
        .leftJoin(owners, eq(owners.id, utes.ownerId))
        .where(ilike(utes.fullName, '%e%'))
        .orderBy(desc(utes.createdAt))
        .limit(3);
    const expected = await read();
    checkSqlTextAgainstDrizzle(false);
    const drizzleRendering = vi.spyOn(SQL.prototype, 'toQuery');
    expect(await read()).toEqual(expected);
    await db.transaction(async (tx) => {
      await tx
        .update(utes)
        .set({ description: sql`${utes.description}` })
        .where(eq(utes.id, '00000000-0000-0000-0000-000000000000'));
    });
    expect(drizzleRendering).not.toHaveBeenCalled();
    // What sqlText leaves to Drizzle still runs.
    expect(await queryRows(db, sql`select ${"it's"}::text as "said"`.inlineParams())).toEqual([{ said: "it's" }]);
    expect(drizzleRendering).toHaveBeenCalled();
  });
});
