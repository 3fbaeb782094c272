import { z } from "zod";
import { loadConfigOrExit } from "../config";
import type { EnquiryStore } from "../store/enquiry-store";
import { openEnquiryStore } from "../store/open-enquiry-store";
import { staffAddress } from "../store/staff-store";
import { fail, parseOrExit, textTable, visible } from "./listing";

// `npm run staff -- <command>`: the owners' list of who may sign in to the staff pages
// (decision 0044), on the store directly. Staff are invited here, never self-registered.
const usage = `Usage: npm run staff -- <command>
  add EMAIL --name "NAME" [--owner]  invite a person to sign in with a code mailed to EMAIL
  remove EMAIL                       take a person off the staff; their sessions end at once
  list                               everyone who may sign in`;

const options = { name: { type: "string" }, owner: { type: "boolean" } } as const;
const allowedOptions: Record<string, string[]> = {
  add: ["name", "owner"],
  remove: [],
  list: [],
};
/** How many addresses each command names. */
const addresses: Record<string, number> = { add: 1, remove: 1, list: 0 };

const address = z.email("use a plain address such as thandi@example.co.za");
const name = z.string().trim().min(1, 'give the person\'s name with --name "NAME"').max(100);

type Command = (store: EnquiryStore) => Promise<string>;

function chooseCommand(argv: string[]): Command {
  const { positionals, values } = parseOrExit(
    { args: argv, options, allowPositionals: true },
    usage,
  );
  const [command = "", ...rest] = positionals;
  const allowed = allowedOptions[command];
  if (!allowed || rest.length !== addresses[command]) fail(usage);
  if (Object.keys(values).some((option) => !allowed.includes(option))) fail(usage);
  const email = address.safeParse(rest[0]?.trim());
  if (command !== "list" && !email.success) fail(`${rest[0]}: ${email.error?.issues[0]?.message}`);
  const person = staffAddress(email.data ?? "");

  const commands: Record<string, Command> = {
    add: async (store) => {
      const named = name.safeParse(values.name ?? "");
      if (!named.success) fail(`${named.error.issues[0]?.message}\n\n${usage}`);
      const owner = values.owner === true;
      const added = await store.staff.addStaff(
        { email: person, name: named.data, owner },
        new Date(),
      );
      if (!added) fail(`${person} is staff already; remove them first to change their entry.`);
      return `Added ${named.data} <${person}>${owner ? " as an owner" : ""}. They sign in at /admin/sign-in with a code mailed to that address.`;
    },
    remove: async (store) => {
      if (!(await store.staff.removeStaff(person))) fail(`${person} is not staff.`);
      return `Removed ${person}; their sessions have ended.`;
    },
    list: async (store) => {
      const staff = await store.staff.listStaff();
      if (staff.length === 0)
        return "No staff yet. Add someone with: npm run staff -- add EMAIL --name NAME --owner";
      return [
        ...textTable([
          ["email", "name", "owner", "added", "id"],
          ...staff.map((person) =>
            [
              person.email,
              person.name,
              person.owner ? "yes" : "",
              person.createdAt.slice(0, 10),
              person.id,
            ].map((cell) => visible(cell)),
          ),
        ]),
        "",
        `${staff.length} ${staff.length === 1 ? "person" : "people"}.`,
      ].join("\n");
    },
  };
  return commands[command] ?? fail(usage);
}

const command = chooseCommand(process.argv.slice(2));
const config = loadConfigOrExit();
const store = await openEnquiryStore(config.databaseUrl);
try {
  process.stdout.write(`${await command(store)}\n`);
} finally {
  await store.close();
}
