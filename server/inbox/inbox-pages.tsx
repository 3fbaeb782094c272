import { readFileSync } from "node:fs";
import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { enquiryTypeValues } from "../../contract/enquiry";
import { type BusinessClock, businessTime } from "../reply-clock/business-hours";
import { signInPaths } from "../staff/sign-in-pages";
import { staffHtml, staffStyles } from "../staff-page";
import {
  type EnquiryCase,
  type InboxCursor,
  type InboxPage,
  type InboxQuery,
  type InboxStatus,
  type InboxView,
  inboxStatuses,
  inboxViews,
  type Routes,
} from "../store/inbox-store";
import { type EnquiryStage, enquiryStages, type StaffMember } from "../store/schema";
import { readReplyRecord } from "./reply-mail";

// The inbox's pages, rendered on the server into plain HTML: every form posts and is answered
// with a redirect, so the inbox works without script, and by keyboard as any page of links does.

// Allowed by the page's policy by its hash.
const stylesheet = staffStyles(readFileSync(new URL("./inbox.css", import.meta.url), "utf8"));

export const inboxPath = "/admin/enquiries";
export const ownersPath = "/admin/staff";
export const enquiryPath = (id: string) => `${inboxPath}/${id}`;

export const viewNames: Record<InboxView, string> = {
  new: "New",
  mine: "Mine",
  all: "All",
  held: "Held",
};
export const statusNames: Record<InboxStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
  held: "Held",
  spam: "Spam",
};
const typeNames: Record<string, string> = {
  consultation: "Consultation",
  support: "Support",
  feedback: "Feedback",
  other: "Other",
};
const channelNames = {
  mail: { done: "Mailed to the company", name: "Mail" },
  webhook: { done: "Posted to the webhook", name: "Webhook" },
  acknowledgement: { done: "Acknowledged to the visitor", name: "Acknowledgement" },
};

/** In the company's time zone, as its staff read a clock. */
const clock = new Intl.DateTimeFormat("en-ZA", {
  timeZone: "Africa/Johannesburg",
  dateStyle: "medium",
  timeStyle: "short",
});
const when = (iso: string) => clock.format(new Date(iso));

/** The reply clock as the inbox reads it (decision 0048): business hours, and the target. */
export type ReplyClock = { clock: BusinessClock; targetMinutes: number; now: Date };

type Clocked = {
  receivedAt: string;
  firstReplyAt: string | number | Date | null;
  status: InboxStatus;
};

/** Answered, or still waiting (New or Held); not spam, nor one moved on without a recorded reply. */
const hasReplyClock = (enquiry: Clocked) =>
  enquiry.firstReplyAt !== null || enquiry.status === "new" || enquiry.status === "held";

/**
 * An enquiry's reply clock in words: how long it has waited in business hours, "Overdue" in
 * words and an icon past the target (never colour alone), or how long its first reply took.
 * Nothing for spam, or for one moved on without a recorded reply.
 */
function ReplyTime(props: { enquiry: Clocked; replyClock: ReplyClock }) {
  const { enquiry, replyClock } = props;
  const { clock, targetMinutes, now } = replyClock;
  const received = new Date(enquiry.receivedAt);
  if (enquiry.firstReplyAt !== null) {
    const took = clock.minutesBetween(received, new Date(enquiry.firstReplyAt));
    return <>{`First reply after ${businessTime(took)} in business hours`}</>;
  }
  if (!hasReplyClock(enquiry)) return null;
  const waited = `${businessTime(clock.minutesBetween(received, now))} in business hours`;
  if (clock.dueAt(received, targetMinutes) > now) return <>{waited}</>;
  return (
    <span className="overdue">
      <TriangleAlert role="img" aria-label="Warning" className="icon" />
      <strong>Overdue</strong>
      {`: ${waited}`}
    </span>
  );
}

const htmlPage = (title: string, body: ReactNode) => staffHtml({ title, styles: stylesheet, body });

/** A staff page with the staff pages' links and a way to sign out. */
function page(props: { title: string; me?: StaffMember; current?: string; children: ReactNode }) {
  const links = [
    [inboxPath, "Inbox"],
    ...(props.me?.owner ? [[ownersPath, "Staff"]] : []),
    ["/admin/insights", "Insights"],
  ];
  return htmlPage(
    `${props.title}: inbox`,
    <>
      <header>
        <nav aria-label="Staff pages">
          <ul>
            {links.map(([href, name]) => (
              <li key={href}>
                <a href={href} aria-current={props.current === href ? "page" : undefined}>
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p>{props.me ? `Signed in as ${props.me.name}` : "Open without sign-in"}</p>
        <form method="post" action={signInPaths.signOut}>
          <button type="submit" className="quiet">
            Sign out
          </button>
        </form>
      </header>
      <main>{props.children}</main>
    </>,
  );
}

/** A choice of values by name, the first option "Any" when `any` is given. */
function Choice(props: {
  name: string;
  label: string;
  values: readonly string[];
  names: Record<string, string>;
  selected?: string;
  any?: string;
}) {
  return (
    <div>
      <label htmlFor={props.name}>{props.label}</label>
      <select id={props.name} name={props.name} defaultValue={props.selected ?? ""}>
        {props.any === undefined ? null : <option value="">{props.any}</option>}
        {props.values.map((value) => (
          <option key={value} value={value}>
            {props.names[value] ?? value}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The list's URL with its view, search and filters, at the page beside `edge`. */
function pageHref(query: InboxQuery, direction: "older" | "newer", edge: InboxCursor) {
  const params = new URLSearchParams({ view: query.view });
  if (query.search) params.set("q", query.search);
  if (query.type) params.set("type", query.type);
  if (query.status) params.set("status", query.status);
  params.set(direction, `${edge.receivedAt}_${edge.id}`);
  return `${inboxPath}?${params}`;
}

export function inboxPage(props: {
  query: InboxQuery;
  list: InboxPage;
  me?: StaffMember;
  replyClock: ReplyClock;
}) {
  const { query, list, replyClock } = props;
  const { rows } = list;
  const paged = Boolean(list.older || list.newer);
  const title = viewNames[query.view];
  const filtered = Boolean(query.search || query.type || query.status);
  return page({
    title,
    me: props.me,
    current: inboxPath,
    children: (
      <>
        <h1>{`Enquiries: ${title}`}</h1>
        <nav aria-label="Views">
          <ul>
            {inboxViews.map((view) => (
              <li key={view}>
                <a
                  href={`${inboxPath}?view=${view}`}
                  aria-current={view === query.view ? "page" : undefined}
                >
                  {viewNames[view]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <search>
          <form method="get" action={inboxPath} className="filters">
            <input type="hidden" name="view" value={query.view} />
            <div>
              <label htmlFor="q">Search</label>
              <input
                id="q"
                name="q"
                type="search"
                defaultValue={query.search ?? ""}
                maxLength={100}
              />
            </div>
            <Choice
              name="type"
              label="Type"
              values={enquiryTypeValues}
              names={typeNames}
              selected={query.type}
              any="Any type"
            />
            <Choice
              name="status"
              label="Status"
              values={inboxStatuses}
              names={statusNames}
              selected={query.status}
              any="Any status"
            />
            <div>
              <button type="submit">Search</button>
            </div>
          </form>
        </search>
        {rows.length === 0 ? (
          <p className="notice">{filtered ? "No enquiries match." : `No enquiries in ${title}.`}</p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus.
          <section className="scroll" aria-labelledby="list-caption" tabIndex={0}>
            <table>
              <caption id="list-caption">
                {`${paged && !list.newer ? `The newest ${rows.length}` : rows.length} enquir${rows.length === 1 ? "y" : "ies"}, newest first`}
              </caption>
              <thead>
                <tr>
                  {["Name", "Status", "Reply clock", "Owner", "Type", "Company", "Received"].map(
                    (head) => (
                      <th key={head} scope="col">
                        {head}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">
                      <a href={enquiryPath(row.id)}>{row.name}</a>
                    </th>
                    <td>{statusNames[row.status]}</td>
                    <td>
                      <ReplyTime enquiry={row} replyClock={replyClock} />
                    </td>
                    <td>{row.ownerName ?? "Nobody"}</td>
                    <td>{typeNames[row.enquiryType] ?? row.enquiryType}</td>
                    <td>{row.companyName ?? ""}</td>
                    <td>{when(row.receivedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {paged && (
          <nav aria-label="Pages" className="pages">
            {list.newer && <a href={pageHref(query, "newer", list.newer)}>Newer</a>}
            {list.older && <a href={pageHref(query, "older", list.older)}>Older</a>}
          </nav>
        )}
      </>
    ),
  });
}

/** `plain`: the words for the CSV export, where `what` is markup. */
type Happening = { at: string; who?: string; what: ReactNode; plain?: string; key: string };

/** `detail` names the enquiries command, for what it did (decision 0045). */
const through = (detail: string) => (detail ? ` through ${detail}` : "");
const eventWords = {
  viewed: (detail: string) => `Viewed${through(detail)}`,
  exported: (detail: string) => (detail ? `Exported${through(detail)}` : "Exported as CSV"),
  stage: (detail: string) => `Status set to ${statusNames[detail as EnquiryStage] ?? detail}`,
  owner: (detail: string) => `Owner set to ${detail}`,
  note: (detail: string) => <span className="note">{`Note: ${detail}`}</span>,
  released: (detail: string) =>
    `Released${through(detail)}: it goes out through the usual channels`,
  spam: (detail: string) => `Marked as spam${through(detail)}: never delivered`,
  assigned: (detail: string) => `Assigned to ${detail} by routing`,
  reply: (detail: string) => {
    const reply = readReplyRecord(detail);
    const said = reply?.refused
      ? `Reply failed, not sent: the mail server refused it (${reply.refused})`
      : "Reply sent to the visitor";
    return <span className="note">{`${said}: ${reply?.text ?? ""}`}</span>;
  },
};
/** What the CSV export says of an event whose words are markup. */
const plainWords: Partial<Record<keyof typeof eventWords, (detail: string) => string>> = {
  reply: (detail) => (readReplyRecord(detail)?.refused ? "Reply failed, not sent" : "Reply sent"),
};

/** What happened to the enquiry, newest first: received, deliveries, and what staff did. */
export function timeline({ enquiry, deliveries, events }: EnquiryCase): Happening[] {
  const happenings: Happening[] = [
    {
      key: "received",
      at: enquiry.receivedAt,
      what: enquiry.heldReason
        ? `Received, held by the bot check (${enquiry.heldReason})`
        : "Received",
    },
  ];
  for (const job of deliveries) {
    const names = channelNames[job.channel];
    if (job.status === "delivered" && job.deliveredAt)
      happenings.push({ key: job.channel, at: job.deliveredAt, what: names.done });
    else
      happenings.push({
        key: job.channel,
        // Still waiting: shown first, as it is where the enquiry stands now.
        at: new Date().toISOString(),
        what: job.lastError
          ? `${names.name} failed (${job.attempts} attempt${job.attempts === 1 ? "" : "s"}): ${job.lastError}; tried again later`
          : `${names.name} waiting to be sent`,
      });
  }
  for (const event of events)
    happenings.push({
      key: event.id,
      at: event.at,
      who:
        event.kind === "assigned"
          ? undefined
          : (event.staffName ??
            (event.detail?.startsWith("npm run") ? "the server's command line" : "former staff")),
      what: eventWords[event.kind](event.detail ?? ""),
      plain: plainWords[event.kind]?.(event.detail ?? ""),
    });
  // Reversed first, so that of two at the same moment the later recorded comes first.
  return happenings.reverse().sort((a, b) => b.at.localeCompare(a.at));
}

/** The reply form, or why there is none (decision 0049). */
function ReplyForm(props: { action: string; email: string; canReply: boolean; held: boolean }) {
  if (!props.canReply)
    return (
      <p className="notice">
        Replies cannot be sent from the inbox: mail is off (SMTP_URL is not set). Write to the
        visitor from your own mail, then set the status to Contacted.
      </p>
    );
  if (props.held) return <p>Release it to reply from here.</p>;
  return (
    <form method="post" action={props.action}>
      <label htmlFor="reply">Reply</label>
      <p className="hint" id="reply-hint">
        {`Mailed to ${props.email} from the company's address and signed with your name; their answer comes to the shared mailbox.`}
      </p>
      <textarea id="reply" name="reply" required maxLength={10_000} aria-describedby="reply-hint" />
      <p>
        <button type="submit">Send reply</button>
      </p>
    </form>
  );
}

export function enquiryPage(props: {
  enquiryCase: EnquiryCase;
  staff: StaffMember[];
  me?: StaffMember;
  replyClock: ReplyClock;
  /** Whether SMTP_URL is set, so a reply can go out. */
  canReply: boolean;
  /** The outcome of the reply just sent, to say it where the person looks. */
  replied?: "sent" | "refused";
}) {
  const { enquiry } = props.enquiryCase;
  const held = enquiry.status === "held";
  const fields: [string, ReactNode][] = [
    ["Name", enquiry.name],
    [
      "Email",
      <a key="email" href={`mailto:${enquiry.email}`}>
        {enquiry.email}
      </a>,
    ],
    [
      "Phone",
      <a key="phone" href={`tel:${enquiry.phone}`}>
        {enquiry.phone}
      </a>,
    ],
    ["Company", enquiry.companyName ?? ""],
    ["Type", typeNames[enquiry.enquiryType] ?? enquiry.enquiryType],
    ["Message", enquiry.message],
    ["Received", when(enquiry.receivedAt)],
    ["Status", statusNames[enquiry.inboxStatus]],
    ["Owner", enquiry.ownerName ?? "Nobody"],
    ["Entry page", enquiry.entryPage ?? "Not counted"],
    ["Source", enquiry.source ?? "Not counted"],
  ];
  const clocked = { ...enquiry, status: enquiry.inboxStatus };
  if (hasReplyClock(clocked))
    fields.push([
      "Reply clock",
      <ReplyTime key="clock" enquiry={clocked} replyClock={props.replyClock} />,
    ]);
  const action = (what: string) => `${enquiryPath(enquiry.id)}/${what}`;
  return page({
    title: enquiry.name,
    me: props.me,
    children: (
      <>
        <p>
          <a href={inboxPath}>Back to the inbox</a>
        </p>
        <h1>{enquiry.name}</h1>
        <dl className="fields">
          {fields.map(([term, value]) => (
            <div key={term} className="field">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h2>Work on it</h2>
        <div className="actions">
          {held ? (
            <>
              <form method="post" action={action("release")}>
                <button type="submit">Release</button>
              </form>
              <form method="post" action={action("spam")}>
                <button type="submit" className="quiet">
                  Spam
                </button>
              </form>
            </>
          ) : null}
          {enquiry.status === "accepted" ? (
            <form method="post" action={action("status")}>
              <Choice
                name="stage"
                label="Status"
                values={enquiryStages}
                names={statusNames}
                selected={enquiry.stage}
              />
              <p>
                <button type="submit">Set status</button>
              </p>
            </form>
          ) : null}
          <form method="post" action={action("owner")}>
            <Choice
              name="owner"
              label="Owner"
              values={props.staff.map((person) => person.id)}
              names={Object.fromEntries(props.staff.map((person) => [person.id, person.name]))}
              selected={enquiry.ownerId ?? ""}
              any="Nobody"
            />
            <p>
              <button type="submit">Set owner</button>
            </p>
          </form>
        </div>
        <h2>Reply to the visitor</h2>
        <ReplyForm
          action={action("reply")}
          email={enquiry.email}
          canReply={props.canReply}
          held={enquiry.status !== "accepted"}
        />
        <form method="post" action={action("notes")}>
          <label htmlFor="note">Note</label>
          <textarea id="note" name="note" required maxLength={4000} />
          <p>
            <button type="submit">Add note</button>
          </p>
        </form>
        <p>
          <a href={action("export.csv")} download>
            Download as CSV
          </a>
        </p>
        {/* Just above the timeline, where the redirect after a reply scrolls to. */}
        {props.replied === "refused" ? (
          <p className="notice" role="alert" id="reply-outcome">
            The mail server refused the reply: it was not sent. The timeline says why.
          </p>
        ) : props.replied === "sent" ? (
          <p className="notice" role="status" id="reply-outcome">
            Reply sent.
          </p>
        ) : null}
        <h2 id="timeline">Timeline, newest first</h2>
        <ol className="timeline" aria-labelledby="timeline">
          {timeline(props.enquiryCase).map((happening) => (
            <li key={happening.key}>
              <time dateTime={happening.at}>{when(happening.at)}</time>
              {happening.who ? ` · ${happening.who}` : ""}
              {" · "}
              {happening.what}
            </li>
          ))}
        </ol>
      </>
    ),
  });
}

export function ownersPage(props: {
  staff: StaffMember[];
  routes: Routes;
  me?: StaffMember;
  problem?: string;
}) {
  return page({
    title: "Staff",
    me: props.me,
    current: ownersPath,
    children: (
      <>
        <h1>Staff</h1>
        <p>Who may sign in to the inbox and the insights. Owners manage this list.</p>
        {props.problem ? (
          <p className="notice" role="alert">
            {props.problem}
          </p>
        ) : null}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus. */}
        <section className="scroll" aria-labelledby="staff-caption" tabIndex={0}>
          <table>
            <caption id="staff-caption">Staff</caption>
            <thead>
              <tr>
                {["Name", "Email", "Role", "Remove"].map((head) => (
                  <th key={head} scope="col">
                    {head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.staff.map((person) => (
                <tr key={person.id}>
                  <th scope="row">{person.name}</th>
                  <td>{person.email}</td>
                  <td>{person.owner ? "Owner" : "Staff"}</td>
                  <td>
                    <form method="post" action={`${ownersPath}/remove`}>
                      <input type="hidden" name="email" value={person.email} />
                      <button type="submit" className="quiet" aria-label={`Remove ${person.name}`}>
                        Remove
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <h2 id="routing">Routing</h2>
        <p>
          Who answers each type of enquiry. A new enquiry of that type is theirs, and its mail goes
          to them as well as to the shared address. With nobody, it waits in New for anyone.
        </p>
        <form method="post" action={`${ownersPath}/routing`} aria-labelledby="routing">
          <div className="actions">
            {enquiryTypeValues.map((type) => (
              <Choice
                key={type}
                name={type}
                label={typeNames[type] ?? type}
                values={props.staff.map((person) => person.id)}
                names={Object.fromEntries(props.staff.map((person) => [person.id, person.name]))}
                selected={props.routes[type] ?? ""}
                any="Nobody"
              />
            ))}
          </div>
          <p>
            <button type="submit">Save routing</button>
          </p>
        </form>
        <h2>Invite</h2>
        <form method="post" action={ownersPath}>
          <label htmlFor="name">Name</label>
          <input id="name" name="name" required maxLength={100} autoComplete="off" />
          <label htmlFor="email">Email</label>
          <input id="email" name="email" type="email" required maxLength={254} autoComplete="off" />
          <p>
            <input id="owner" name="owner" type="checkbox" value="yes" />{" "}
            <label htmlFor="owner" className="inline">
              Owner (may manage staff)
            </label>
          </p>
          <p>
            <button type="submit">Invite</button>
          </p>
        </form>
      </>
    ),
  });
}

export const signInFirstPage = htmlPage(
  "Sign in: inbox",
  <main>
    <h1>Enquiries</h1>
    <p>
      The inbox is for the company's staff. <a href={signInPaths.email}>Sign in</a>
    </p>
  </main>,
);

export const notFoundPage = htmlPage(
  "No such enquiry: inbox",
  <main>
    <h1>No such enquiry</h1>
    <p>
      It may have been erased or purged. <a href={inboxPath}>Back to the inbox</a>
    </p>
  </main>,
);

export const ownersOnlyPage = htmlPage(
  "Owners only: inbox",
  <main>
    <h1>Owners only</h1>
    <p>
      Only owners manage staff. <a href={inboxPath}>Back to the inbox</a>
    </p>
  </main>,
);
