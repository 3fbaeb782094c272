import { readFileSync } from "node:fs";
import type { ReactNode } from "react";
import { staffHtml, staffStyles } from "../staff-page";

// The staff sign-in's pages, rendered on the server into plain HTML: each form posts and is
// answered with a redirect or the same page naming the problem, so it works without script.

// Allowed by the page's policy by its hash.
const stylesheet = staffStyles(readFileSync(new URL("./sign-in.css", import.meta.url), "utf8"));

/** Where the sign-in's forms post, under the plugin's prefix /admin. */
export const signInPaths = {
  email: "/admin/sign-in",
  code: "/admin/sign-in/code",
  signOut: "/admin/sign-out",
} as const;

/** The passkeys' calls and scripts (passkeys.ts), under /admin. */
export const passkeyPaths = {
  browserScript: "/admin/sign-in/webauthn.js",
  ourScript: "/admin/sign-in/passkey.js",
  registerOptions: "/admin/passkey/register/options",
  register: "/admin/passkey/register",
  signInOptions: "/admin/sign-in/passkey/options",
  signIn: "/admin/sign-in/passkey",
} as const;

/** The staff page a sign-in opens: the inbox. */
export const firstStaffPage = "/admin/enquiries";

export const staffPage = (title: string, body: ReactNode, { passkeys = false } = {}) =>
  staffHtml({
    title,
    styles: stylesheet,
    head: passkeys ? (
      <>
        <script src={passkeyPaths.browserScript} defer />
        <script src={passkeyPaths.ourScript} defer />
      </>
    ) : null,
    body: <main>{body}</main>,
  });

/** A passkey's button, shown by its script where the browser can use one. */
function PasskeyButton(props: { kind: "register" | "signIn"; label: string; intro: string }) {
  const [options, answer] =
    props.kind === "register"
      ? [passkeyPaths.registerOptions, passkeyPaths.register]
      : [passkeyPaths.signInOptions, passkeyPaths.signIn];
  return (
    <section hidden aria-labelledby="passkey-heading">
      <h2 id="passkey-heading">Passkey</h2>
      <p>{props.intro}</p>
      <button
        type="button"
        data-passkey={props.kind}
        data-options={options}
        data-answer={answer}
        aria-describedby="passkey-status"
      >
        {props.label}
      </button>
      <p id="passkey-status" role="status" />
    </section>
  );
}

/** A problem with what was sent, tied to its field so a screen reader reads it there too. */
function Field(props: {
  label: string;
  problem?: string;
  input: Omit<React.InputHTMLAttributes<HTMLInputElement>, "id">;
}) {
  const id = props.input.name ?? "";
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      {props.problem ? (
        <p className="problem" id={`${id}-problem`}>
          {props.problem}
        </p>
      ) : null}
      <input
        id={id}
        required
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={props.problem ? `${id}-problem` : undefined}
        {...props.input}
      />
    </>
  );
}

export const emailStep = (problem?: string) =>
  staffPage(
    "Sign in: staff",
    <>
      <h1>Sign in</h1>
      <p>For the company's staff. We mail a code to the address you were invited with.</p>
      <form method="post" action={signInPaths.email}>
        <Field
          label="Email"
          problem={problem}
          input={{ name: "email", type: "email", autoComplete: "email", maxLength: 254 }}
        />
        <button type="submit">Send code</button>
      </form>
      <PasskeyButton
        kind="signIn"
        label="Sign in with a passkey"
        intro="Added a passkey before? Sign in with it instead of a code."
      />
    </>,
    { passkeys: true },
  );

export const codeStep = (problem?: string) =>
  staffPage(
    "Enter your code: staff",
    <>
      <h1>Enter your code</h1>
      <p>
        If the address you gave belongs to a member of staff, a 6-digit code is on its way to it.
        The code works once, within 10 minutes.
      </p>
      <form method="post" action={signInPaths.code}>
        <Field
          label="Code"
          problem={problem}
          input={{
            name: "code",
            inputMode: "numeric",
            autoComplete: "one-time-code",
            pattern: "[0-9]{6}",
            maxLength: 6,
          }}
        />
        <button type="submit">Sign in</button>
      </form>
      <p>
        <a href={signInPaths.email}>Ask for a new code</a>
      </p>
    </>,
  );

export const signedInPage = (name: string) =>
  staffPage(
    "Signed in: staff",
    <>
      <h1>Signed in</h1>
      <p>{`You are signed in as ${name}.`}</p>
      <p>
        <a href={firstStaffPage}>Open the inbox</a>
      </p>
      <PasskeyButton
        kind="register"
        label="Add a passkey"
        intro="Sign in next time with this device's passkey (fingerprint, face or PIN), without waiting for a mail."
      />
      <form method="post" action={signInPaths.signOut}>
        <button type="submit">Sign out</button>
      </form>
    </>,
    { passkeys: true },
  );
