/** One line of the email: a field's label and what the visitor typed or chose. */
export type EmailLine = { label: string; value: string };

/**
 * A mailto: address that opens the visitor's mail program with their enquiry written out, for
 * when the form cannot send it: the form's start-up failed, or a send did. `mailbox` is the plain
 * `mailto:` address of the support mailbox.
 */
export function enquiryEmailHref(
  mailbox: string,
  subject: string,
  lines: readonly EmailLine[],
): string {
  // Mail bodies break lines with CRLF (RFC 6068), whatever the textarea gave.
  const body = lines
    .map(({ label, value }) => `${label}: ${value}`)
    .join("\n")
    .replace(/\r?\n/g, "\r\n");
  return `${mailbox}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
