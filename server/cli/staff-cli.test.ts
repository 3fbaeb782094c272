import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { expect, vi } from "vitest";
import { nodeWithTsx } from "../../tests/support/server-process";
import { it } from "../../tests/support/server-test";

// The real command in its own process, on a real SQLite file; what each store function does on
// both stores, and that removing a person ends their sessions: server/staff's tests. Each run
// starts Node with tsx, which takes seconds on a busy two-core machine.
vi.setConfig({ testTimeout: 120_000 });

it("adds, lists and removes staff, refusing a bad address, a missing name or a second entry", async ({
  tempDir,
  openStore,
}) => {
  const databaseUrl = `file:${tempDir}/enquiries.db`;
  const staff = (...args: string[]) => {
    const result = spawnSync(...nodeWithTsx("server/cli/staff-cli.ts", args), {
      cwd: resolve(import.meta.dirname, "../.."),
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl },
      encoding: "utf8",
      timeout: 30_000,
    });
    return { status: result.status, out: result.stdout + result.stderr };
  };

  for (const args of [
    ["promote", "a@b.example"],
    ["add", "thandi"],
    ["add", "t@amanzi.example"],
  ])
    expect(staff(...args).status, args.join(" ")).toBe(2);
  expect(staff("add", "Thandi@Amanzi.example", "--name", "Thandi Nkosi", "--owner").out).toMatch(
    /^Added Thandi Nkosi <thandi@amanzi\.example> as an owner\./,
  );
  expect(staff("add", "sipho@amanzi.example", "--name", "Sipho Dlamini").status).toBe(0);
  expect(staff("add", "THANDI@amanzi.example", "--name", "Another").out).toMatch(/staff already/);

  const listed = staff("list").out.split("\n");
  expect(listed[0]).toMatch(/^email\s+name\s+owner\s+added\s+id$/);
  expect(listed[1]).toMatch(
    /^thandi@amanzi\.example\s+Thandi Nkosi\s+yes\s+\d{4}-\d\d-\d\d\s+[\w-]{36}$/,
  );
  expect(listed[2]).toMatch(/^sipho@amanzi\.example\s+Sipho Dlamini\s+\d{4}-/);
  expect(listed).toContain("2 people.");

  expect(staff("remove", "sipho@amanzi.example").out).toMatch(/^Removed sipho@amanzi\.example/);
  expect(staff("remove", "sipho@amanzi.example").status).toBe(2);
  const store = await openStore(databaseUrl);
  expect((await store.staff.listStaff()).map((person) => person.email)).toEqual([
    "thandi@amanzi.example",
  ]);
});
