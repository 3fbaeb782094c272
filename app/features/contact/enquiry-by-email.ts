// A mailto: link that opens the visitor's mail program with what they typed into the form, each
// field under its label, for when the form cannot send it: its start-up failed, or a send did.
export function enquiryEmailHref(mailbox: string, subject: string, form: HTMLFormElement) {
  const controls = form.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[name]");
  const lines = [...controls].map((control) => {
    const label = form.querySelector(`label[for="${control.id}"]`)?.textContent ?? control.name;
    const value =
      control instanceof HTMLSelectElement
        ? control.value && (control.selectedOptions[0]?.text ?? control.value)
        : control.value;
    return `${label}: ${value}`;
  });
  // Mail bodies break lines with CRLF (RFC 6068), whatever the textarea gave.
  const body = lines.join("\n").replace(/\r?\n/g, "\r\n");
  return `${mailbox}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
