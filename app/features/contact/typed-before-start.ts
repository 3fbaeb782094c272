import {
  type EnquiryField,
  type EnquiryFormInput,
  enquiryFormFields,
} from "../../../contract/enquiry";

export const EMPTY_ENQUIRY = Object.fromEntries(
  enquiryFormFields.map((name) => [name, ""]),
) as EnquiryFormInput;

/**
 * The contact page shows its prerendered form at once and starts the form's island only when the
 * visitor starts using it (app/features/contact/island-loader.ts), so they may already have
 * typed. Read as the form first renders in the browser (before the form library takes the
 * fields over and would empty them), this is what the form starts from, so nothing typed is
 * lost. Empty outside a browser and on a fresh form.
 */
export function valuesTypedBeforeStart(idOf: (name: EnquiryField) => string): EnquiryFormInput {
  if (typeof document === "undefined") return EMPTY_ENQUIRY;
  const values = { ...EMPTY_ENQUIRY };
  for (const name of enquiryFormFields) {
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
