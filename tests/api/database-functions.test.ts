import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_NOTICE_TEMPLATES } from "#contract/notification-texts";
import { openDatabase, type Database } from "../../api/src/db/client";
import { databaseFunctions } from "../../api/src/db/functions";
import { openTestDatabase } from "../support/databases";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../support/postgres";

/**
 * A function file's body: what PostgreSQL keeps as the function's source (`prosrc`). Read from its
 * CREATE: a file may first drop an older definition in a DO block of its own.
 */
function bodyOf(statement: string): string {
  const create = statement.slice(statement.search(/CREATE OR REPLACE FUNCTION/i));
  const match = /\$(\w*)\$([\s\S]*)\$\1\$/.exec(create);
  if (!match) throw new Error("sin cuerpo");
  return match[2]!;
}

async function sourcesOf(database: Database): Promise<Map<string, string[]>> {
  const result = await database.db.execute<{ name: string; source: string }>(
    sql`select proname as name, prosrc as source from pg_proc where pronamespace = 'public'::regnamespace`,
  );
  const sources = new Map<string, string[]>();
  for (const row of result.rows) sources.set(row.name, [...(sources.get(row.name) ?? []), row.source]);
  return sources;
}

function checksFor(open: () => Promise<{ database: Database; drop?: () => Promise<void> }>) {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ database, drop } = await open());
    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("cada función tiene la definición de su archivo, con los textos del contrato", async () => {
    const sources = await sourcesOf(database);
    for (const { name, sql: statement } of databaseFunctions()) {
      expect(sources.get(name), name).toEqual([bodyOf(statement)]);
      expect(statement, name).not.toMatch(/\{\{\w+\}\}/);
    }
    const notices = databaseFunctions()
      .map(({ sql: statement }) => statement)
      .join("\n");
    for (const template of Object.values(DATABASE_NOTICE_TEMPLATES)) expect(notices).toContain(template);
  });

  it("arrancar otra vez (migrar y aplicarlas) no cambia nada", async () => {
    const before = await sourcesOf(database);
    await database.migrate();
    expect(await sourcesOf(database)).toEqual(before);
  });
}

describe("las funciones de la base de datos, en un solo lugar (PGlite)", () => {
  checksFor(async () => ({ database: await openTestDatabase() }));
});

describe.runIf(postgresAvailable())("las funciones de la base de datos, en un solo lugar (PostgreSQL)", () => {
  checksFor(async () => {
    const postgres: TestDatabase = await createTestDatabase();
    return {
      database: await openDatabase({ databaseUrl: postgres.url, dataDir: ":memory:" }),
      drop: () => postgres.drop(),
    };
  });
});
