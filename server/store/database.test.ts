import { expect } from "vitest";
import { test } from "../../tests/support/server-test";
import { compiledOnce, openSqliteDatabase } from "./database";

test("a query compiled once is reused with new values, and refused when they are not its parameters", async ({
  databasePath,
}) => {
  const { db, close } = openSqliteDatabase(databasePath, () => {});
  try {
    const once = compiledOnce();
    const insert = (address: string) => () =>
      db.insertInto("acknowledgements").values({ address, acknowledgedAt: 1 });
    expect(
      once("ack", ["a@example.co.za", 1], insert("a@example.co.za")).compile().parameters,
    ).toEqual(["a@example.co.za", 1]);
    const reused = once("ack", ["b@example.co.za", 2], insert("unused")).compile();
    expect(reused.parameters).toEqual(["b@example.co.za", 2]);
    expect(reused.sql).toContain('insert into "acknowledgements"');
    // Values that are not what the query would take (here, in another order) stop at once.
    expect(() => once("other", [1, "c@example.co.za"], insert("c@example.co.za"))).toThrow(
      /not the values given \(other\)/,
    );
  } finally {
    await close();
  }
});

test("statements run together on SQLite stay out of a transaction another caller holds open", async ({
  databasePath,
}) => {
  const { db, together, close } = openSqliteDatabase(databasePath, () => {});
  const ack = (address: string) => ({ address, acknowledgedAt: 1 });
  try {
    let ran: Promise<bigint[]> | undefined;
    const rolledBack = db.transaction().execute(async (trx) => {
      await trx.insertInto("acknowledgements").values(ack("rolled@example.co.za")).execute();
      ran = together([db.insertInto("acknowledgements").values(ack("kept@example.co.za"))]);
      throw new Error("rolled back");
    });
    await expect(rolledBack).rejects.toThrow("rolled back");
    expect(await ran).toEqual([1n]);
    const stored = await db.selectFrom("acknowledgements").select("address").execute();
    expect(stored).toEqual([{ address: "kept@example.co.za" }]);
  } finally {
    await close();
  }
});
