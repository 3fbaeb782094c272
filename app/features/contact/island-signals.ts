// What the form's loader (first-use.ts, inlined in the page) and the form itself tell each other
// through the DOM. No imports: the loader must stay a few hundred bytes.

/** Marks a field the visitor left before the form started: it shows its error once it runs. */
export const LEFT_ATTRIBUTE = "data-left";

/** Dispatched by the form once React runs it. */
export const FORM_READY_EVENT = "enquiry-form-ready";
