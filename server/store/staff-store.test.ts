import { describe, expect } from "vitest";
import { test } from "../../tests/support/server-test";
import { storeKinds } from "../../tests/support/store-kinds";

// What the sign-in's routes rely on beyond what their own tests reach on both stores: passkeys
// and their challenges, which only the browser test (on SQLite) drives end to end.

const t0 = new Date("2026-11-28T08:00:00.000Z");
const later = (ms: number) => new Date(t0.getTime() + ms);

describe.each(storeKinds)("the $name staff store", (kind) => {
  const it = test.extend("staff", async ({ tempDir, openStore }) => {
    const store = await openStore(await kind.newDatabaseUrl(tempDir));
    await store.staff.addStaff({ email: "Thandi@Amanzi.example", name: "Thandi", owner: true }, t0);
    const [thandi] = await store.staff.listStaff();
    if (!thandi) throw new Error("no staff added");
    return { staff: store.staff, thandi };
  });

  it("keeps a person's passkeys until they are removed, and each challenge for one answer while fresh", async ({
    staff: { staff, thandi },
  }) => {
    expect(thandi).toMatchObject({ email: "thandi@amanzi.example", owner: true });
    const publicKey = new Uint8Array([1, 2, 3, 255]);
    await staff.savePasskey(
      { id: "key-1", staffId: thandi.id, publicKey, counter: 7 },
      ["internal", "hybrid"],
      t0,
    );
    await staff.setPasskeyCounter("key-1", 2 ** 32 - 1);
    expect(await staff.passkeysOf(thandi.id)).toEqual([
      { id: "key-1", transports: ["internal", "hybrid"] },
    ]);
    expect(await staff.passkeyById("key-1")).toEqual({
      staff: thandi,
      credential: {
        id: "key-1",
        publicKey,
        counter: 2 ** 32 - 1,
        transports: ["internal", "hybrid"],
      },
    });

    await staff.saveChallenge(
      { tokenHash: "a", staffId: thandi.id, challenge: "c-a" },
      later(300_000),
    );
    await staff.saveChallenge({ tokenHash: "b", staffId: null, challenge: "c-b" }, later(300_000));
    expect(await staff.takeChallenge("a", later(1000))).toEqual({
      staffId: thandi.id,
      challenge: "c-a",
    });
    expect(await staff.takeChallenge("a", later(1000))).toBeUndefined();
    expect(await staff.takeChallenge("b", later(300_000))).toBeUndefined();

    expect(await staff.removeStaff("THANDI@amanzi.example")).toBe(true);
    expect(await staff.passkeyById("key-1")).toBeUndefined();
    expect(await staff.passkeysOf(thandi.id)).toEqual([]);
  });
});
