import type { EnquiryFormInput } from "../../../contract/enquiry";

export type EnquiryField = keyof EnquiryFormInput;

export const EMPTY_ENQUIRY: EnquiryFormInput = {
  name: "",
  phone: "",
  email: "",
  enquiry: "",
  message: "",
};

export const ENQUIRY_FIELDS = Object.keys(EMPTY_ENQUIRY) as readonly EnquiryField[];

/**
 * The contact page shows its prerendered form at once and starts the app only when the visitor
 * starts using the form (scripts/postbuild/start-app-on-first-use.mjs), so they may already
 * have typed. Read as the form first renders in the
 * browser (before the form library takes the fields over and would empty them), this is what
 * the form starts from, so nothing typed is lost. Empty outside a browser and on a fresh form.
 */
export function valuesTypedBeforeStart(idOf: (name: EnquiryField) => string): EnquiryFormInput {
  if (typeof document === "undefined") return EMPTY_ENQUIRY;
  const values = { ...EMPTY_ENQUIRY };
  for (const name of ENQUIRY_FIELDS) {
    const control = document.getElementById(idOf(name));
    if (
      control instanceof HTMLInputElement ||
      control instanceof HTMLSelectElement ||
      control instanceof HTMLTextAreaElement
    ) {
      values[name] = control.value;
    }
  }
  return values;
}
