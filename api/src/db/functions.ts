import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DATABASE_NOTICE_TEMPLATES } from "#contract/notification-texts";

/**
 * The database's own functions (triggers' bodies, the expiry of unpaid orders, search helpers), one
 * current definition each in api/src/db/functions/<name>.sql (decision 0027). Migrations created
 * them and stay as they were; these files are applied with CREATE OR REPLACE after the migrations,
 * so a change to a function is an edit of its file, never a new copy in a migration.
 */
const FUNCTIONS_FOLDER = path.resolve("api/src/db/functions");

/** A text as a SQL string literal. */
function sqlLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Each function file's statement, its `{{name}}` placeholders filled with contract/'s notice templates. */
export function databaseFunctions(): { name: string; sql: string }[] {
  return readdirSync(FUNCTIONS_FOLDER)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => ({
      name: file.slice(0, -".sql".length),
      sql: readFileSync(path.join(FUNCTIONS_FOLDER, file), "utf8").replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
        if (!Object.hasOwn(DATABASE_NOTICE_TEMPLATES, key))
          throw new Error(`${file}: {{${key}}} no está en DATABASE_NOTICE_TEMPLATES`);
        return sqlLiteral(DATABASE_NOTICE_TEMPLATES[key as keyof typeof DATABASE_NOTICE_TEMPLATES]);
      }),
    }));
}

/** Applies every function in one transaction: a failing file leaves the previous definitions. */
export async function applyDatabaseFunctions(exec: (sql: string) => Promise<unknown>): Promise<void> {
  await exec("begin");
  try {
    for (const { sql } of databaseFunctions()) await exec(sql);
    await exec("commit");
  } catch (error) {
    await exec("rollback");
    throw error;
  }
}
