import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database } from "./database";
import type { StaffMember, Tables } from "./schema";

// Staff and their sign-in (decision 0044), in the enquiry store's database so every instance
// agrees: who is staff, the codes mailed to them and their sessions, each code and session token
// kept only as a hash, and attempts counted per key and hour. The owners' tools (npm run staff,
// and the inbox's owners' page) call the same functions.

export type StaffStore = ReturnType<typeof staffStore>;

/** Addresses are compared in lower case; the form and the CLI take ASCII ones (zod's email). */
export const staffAddress = (email: string) => email.trim().toLowerCase();

const asMember = (row: Selectable<Tables["staff"]>): StaffMember => ({
  ...row,
  owner: Boolean(row.owner),
  createdAt: new Date(row.createdAt).toISOString(),
});

/** Everyone and their passkeys, as a copy to another store carries them. */
type StaffCopy = {
  staff: StaffMember[];
  passkeys: (Omit<Selectable<Tables["staffPasskeys"]>, "createdAt"> & { createdAt: Date })[];
};

export function staffStore({ db, engine, clockTime }: Database) {
  const staffColumns = [
    "staff.id",
    "staff.email",
    "staff.name",
    "staff.owner",
    "staff.createdAt",
  ] as const;
  return {
    /** Invites a person; false if the address is staff already. */
    async addStaff(person: { email: string; name: string; owner: boolean }, now: Date) {
      const added = await db
        .insertInto("staff")
        .values({
          id: randomUUID(),
          email: staffAddress(person.email),
          name: person.name,
          owner: engine === "sqlite" ? Number(person.owner) : person.owner,
          createdAt: now.toISOString(),
        })
        .onConflict((oc) => oc.column("email").doNothing())
        .returning("id")
        .executeTakeFirst();
      return added !== undefined;
    },

    /** Removes a person, and with them their codes and sessions; false if nobody had the address. */
    async removeStaff(email: string) {
      const removed = await db
        .deleteFrom("staff")
        .where("email", "=", staffAddress(email))
        .executeTakeFirst();
      return removed.numDeletedRows > 0n;
    },

    /** Everyone, owners first, then by address. */
    async listStaff(): Promise<StaffMember[]> {
      const rows = await db
        .selectFrom("staff")
        .select(staffColumns)
        .orderBy("owner", "desc")
        .orderBy("email")
        .execute();
      return rows.map(asMember);
    },

    async staffByEmail(email: string): Promise<StaffMember | undefined> {
      const row = await db
        .selectFrom("staff")
        .select(staffColumns)
        .where("email", "=", staffAddress(email))
        .executeTakeFirst();
      return row && asMember(row);
    },

    /** Counts one attempt under `key` in `now`'s hour; the hour's count so far, this one included. */
    async countAttempt(key: string, now: Date): Promise<number> {
      const hour = now.toISOString().slice(0, 13);
      const row = await db
        .insertInto("staffSignInAttempts")
        .values({ key, hour, attempts: 1 })
        .onConflict((oc) =>
          oc.columns(["key", "hour"]).doUpdateSet((eb) => ({
            attempts: eb("staffSignInAttempts.attempts", "+", 1),
          })),
        )
        .returning("attempts")
        .executeTakeFirstOrThrow();
      return row.attempts;
    },

    async saveSignInCode(
      code: { tokenHash: string; staffId: string; codeHash: string },
      expiresAt: Date,
    ) {
      await db
        .insertInto("staffSignInCodes")
        .values({ ...code, expiresAt: clockTime(expiresAt), attempts: 0 })
        .execute();
    },

    /**
     * One try at the code of the sign-in `tokenHash`: counted, then taken if `matches` its hash
     * and the code is fresh and tried at most `maxTries` times. Taking it deletes it, so of two
     * instances asked at once only one signs in. The person it signs in, or undefined.
     */
    async takeSignInCode(
      tokenHash: string,
      matches: (codeHash: string) => boolean,
      { now, maxTries }: { now: Date; maxTries: number },
    ): Promise<StaffMember | undefined> {
      const tried = await db
        .updateTable("staffSignInCodes")
        .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
        .where("tokenHash", "=", tokenHash)
        .where("expiresAt", ">", clockTime(now))
        .returning(["codeHash", "attempts"])
        .executeTakeFirst();
      if (!tried || tried.attempts > maxTries || !matches(tried.codeHash)) return undefined;
      const taken = await db
        .deleteFrom("staffSignInCodes")
        .where("tokenHash", "=", tokenHash)
        .returning("staffId")
        .executeTakeFirst();
      if (!taken) return undefined;
      const row = await db
        .selectFrom("staff")
        .select(staffColumns)
        .where("id", "=", taken.staffId)
        .executeTakeFirst();
      return row && asMember(row);
    },

    async startSession(session: { tokenHash: string; staffId: string }, expiresAt: Date) {
      await db
        .insertInto("staffSessions")
        .values({ ...session, expiresAt: clockTime(expiresAt) })
        .execute();
    },

    /** Whose the session `tokenHash` is, while it lasts and they are staff. */
    async sessionOf(tokenHash: string, now: Date): Promise<StaffMember | undefined> {
      const row = await db
        .selectFrom("staffSessions")
        .innerJoin("staff", "staff.id", "staffSessions.staffId")
        .select(staffColumns)
        .where("tokenHash", "=", tokenHash)
        .where("expiresAt", ">", clockTime(now))
        .executeTakeFirst();
      return row && asMember(row);
    },

    async endSession(tokenHash: string) {
      await db.deleteFrom("staffSessions").where("tokenHash", "=", tokenHash).execute();
    },

    /** A passkey's challenge, for `staffId`'s registration or (null) a sign-in. */
    async saveChallenge(
      challenge: { tokenHash: string; staffId: string | null; challenge: string },
      expiresAt: Date,
    ) {
      await db
        .insertInto("staffPasskeyChallenges")
        .values({ ...challenge, expiresAt: clockTime(expiresAt) })
        .execute();
    },

    /** The challenge under `tokenHash`, if fresh, deleted as it is read: each is answered once. */
    async takeChallenge(tokenHash: string, now: Date) {
      const taken = await db
        .deleteFrom("staffPasskeyChallenges")
        .where("tokenHash", "=", tokenHash)
        .returning(["staffId", "challenge", "expiresAt"])
        .executeTakeFirst();
      if (!taken || new Date(taken.expiresAt).getTime() <= now.getTime()) return undefined;
      return { staffId: taken.staffId, challenge: taken.challenge };
    },

    async savePasskey(
      passkey: { id: string; staffId: string; publicKey: Uint8Array; counter: number },
      transports: string[],
      now: Date,
    ) {
      await db
        .insertInto("staffPasskeys")
        .values({
          ...passkey,
          publicKey: Buffer.from(passkey.publicKey),
          transports: transports.join(","),
          createdAt: now.toISOString(),
        })
        .execute();
    },

    /** A person's passkeys, as WebAuthn lists them. */
    async passkeysOf(staffId: string) {
      const rows = await db
        .selectFrom("staffPasskeys")
        .select(["id", "transports"])
        .where("staffId", "=", staffId)
        .execute();
      return rows.map((row) => ({ id: row.id, transports: row.transports.split(",") }));
    },

    /** A passkey with its owner, who must still be staff. */
    async passkeyById(id: string) {
      const row = await db
        .selectFrom("staffPasskeys")
        .innerJoin("staff", "staff.id", "staffPasskeys.staffId")
        .select([
          ...staffColumns,
          "staffPasskeys.id as passkeyId",
          "publicKey",
          "counter",
          "transports",
        ])
        .where("staffPasskeys.id", "=", id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { passkeyId, publicKey, counter, transports, ...staff } = row;
      return {
        staff: asMember(staff),
        credential: {
          id: passkeyId,
          publicKey: new Uint8Array(publicKey),
          counter: Number(counter),
          transports: transports.split(","),
        },
      };
    },

    async setPasskeyCounter(id: string, counter: number) {
      await db.updateTable("staffPasskeys").set({ counter }).where("id", "=", id).execute();
    },

    /** Everyone with their passkeys, as a copy to another store carries them. */
    async exportStaff(): Promise<StaffCopy> {
      const passkeys = await db.selectFrom("staffPasskeys").selectAll().execute();
      return {
        staff: await this.listStaff(),
        passkeys: passkeys.map((key) => ({
          ...key,
          counter: Number(key.counter),
          createdAt: new Date(key.createdAt),
        })),
      };
    },

    /**
     * Adds another store's staff and their passkeys, a person here already matched by address
     * (their name and owner flag brought up to date); resolves to how many were added, and each
     * copied id's id here.
     */
    async importStaff({ staff, passkeys }: StaffCopy) {
      return db.transaction().execute(async (trx) => {
        const known = new Set(
          (await trx.selectFrom("staff").select("email").execute()).map((r) => r.email),
        );
        const ids = new Map<string, string>();
        for (const person of staff) {
          const { id } = await trx
            .insertInto("staff")
            .values({ ...person, owner: engine === "sqlite" ? Number(person.owner) : person.owner })
            .onConflict((oc) =>
              oc.column("email").doUpdateSet((eb) => ({
                name: eb.ref("excluded.name"),
                owner: eb.ref("excluded.owner"),
              })),
            )
            .returning("id")
            .executeTakeFirstOrThrow();
          ids.set(person.id, id);
        }
        const theirs = passkeys.flatMap((key) => {
          const staffId = ids.get(key.staffId);
          return staffId ? [{ ...key, staffId, createdAt: key.createdAt.toISOString() }] : [];
        });
        if (theirs.length)
          await trx
            .insertInto("staffPasskeys")
            .values(theirs)
            .onConflict((oc) => oc.column("id").doNothing())
            .execute();
        return { added: staff.filter((person) => !known.has(person.email)).length, ids };
      });
    },

    /** Deletes codes, sessions and challenges that have run out, and the counts of hours before `now`'s. */
    async forgetExpired(now: Date) {
      const at = clockTime(now);
      await db.deleteFrom("staffSignInCodes").where("expiresAt", "<=", at).execute();
      await db.deleteFrom("staffSessions").where("expiresAt", "<=", at).execute();
      await db.deleteFrom("staffPasskeyChallenges").where("expiresAt", "<=", at).execute();
      const hour = now.toISOString().slice(0, 13);
      await db.deleteFrom("staffSignInAttempts").where("hour", "<", hour).execute();
    },
  };
}
