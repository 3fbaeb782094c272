import {
  type EnquiryField,
  type EnquiryFormInput,
  enquiryFormFields,
} from "../../../contract/enquiry";
import { LEFT_ATTRIBUTE } from "./island-signals";

export const EMPTY_ENQUIRY = Object.fromEntries(
  enquiryFormFields.map((name) => [name, ""]),
) as EnquiryFormInput;

/**
 * The prerendered form can be used before its island starts (first-use.ts). Read as the form
 * first renders in the browser, before the form library takes the fields over, this is what the
 * visitor typed and which fields they left, so nothing is lost. Empty outside a browser.
 */
export function formBeforeStart(idOf: (name: EnquiryField) => string) {
  const values = { ...EMPTY_ENQUIRY };
  const left: EnquiryField[] = [];
  if (typeof document === "undefined") return { values, left };
  for (const name of enquiryFormFields) {
    const control = document.getElementById(idOf(name));
    if (
      control instanceof HTMLInputElement ||
      control instanceof HTMLSelectElement ||
      control instanceof HTMLTextAreaElement
    ) {
      values[name] = control.value;
      if (control.hasAttribute(LEFT_ATTRIBUTE)) left.push(name);
    }
  }
  return { values, left };
}
