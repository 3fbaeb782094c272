// The company's direct contacts, edited once (company.yaml) and shown beside the contact form, in
// the footer, in the privacy statement and in the site's Organization structured data. Every
// detail is optional: one left empty is not shown anywhere (decision 0035).
import { z } from "zod";
import { group, list, longText, shortText } from "./schemas.ts";

export const companyFileName = "company.yaml";

// South African as dialled at home (0xx xxx xxxx) or with +27, or any international number in
// E.164 form (+, country code, up to 15 digits); spaces and hyphens between digits are kept as
// typed for the page, and left out of the link.
const phoneRule =
  "A South African number (012 345 6789 or +27 12 345 6789) or an international one starting with + and the country code";
export const phonePattern =
  /^(?:0[1-9](?:[ -]?\d){8}|\+27[ -]?[1-9](?:[ -]?\d){8}|\+(?!27)[1-9](?:[ -]?\d){6,14})$/;

const phoneNumber = (title: string, hint?: string) =>
  z
    .string()
    .regex(phonePattern, phoneRule)
    .meta({ title, hint, widget: "string", patternMessage: phoneRule });

export const provinces = [
  "Eastern Cape",
  "Free State",
  "Gauteng",
  "KwaZulu-Natal",
  "Limpopo",
  "Mpumalanga",
  "North West",
  "Northern Cape",
  "Western Cape",
] as const;

export const province = () => z.enum(provinces).meta({ title: "Province" });

export const companyFile = z.object({
  labels: group("Words beside the details", {
    heading: shortText("Heading of the details"),
    phone: shortText("Before the phone number"),
    whatsapp: shortText("Before the WhatsApp number"),
    address: shortText("Before the address"),
    officeHours: shortText("Before the office hours"),
    informationOfficer: shortText("Heading of the Information Officer in the privacy statement"),
    informationOfficerIntro: longText("Sentence before the Information Officer's name"),
  }),
  phone: phoneNumber("Phone number", "Leave it empty to show no phone number").optional(),
  whatsapp: group("WhatsApp", {
    number: phoneNumber("WhatsApp number"),
    firstLine: shortText("First line of the message", "Typed for the visitor; they may change it"),
  })
    .optional()
    .meta({ hint: "Leave it empty to show no WhatsApp link" }),
  address: group("Physical address", {
    street: shortText("Street address"),
    town: shortText("Town or city"),
    province: province(),
    postalCode: z
      .string()
      .regex(/^\d{4}$/, "Four digits")
      .meta({ title: "Postal code", widget: "string", patternMessage: "Four digits" }),
  })
    .optional()
    .meta({ hint: "Leave it empty to show no address" }),
  officeHours: list("Office hours", shortText("Line", "Like: Monday to Friday, 08:00 to 17:00"))
    .optional()
    .meta({ hint: "Leave it empty to show no office hours" }),
  replyPromise: shortText(
    "When to expect a reply",
    "Shown once an enquiry is sent, like: We reply within one working day. Leave it empty to promise nothing",
  ).optional(),
  informationOfficer: group("Information Officer (POPIA)", {
    name: shortText("Name"),
    address: longText("Address", "Where requests under POPIA may be sent"),
  })
    .optional()
    .meta({ hint: "Shown in the privacy statement; leave it empty to show none" }),
});

export type CompanyFile = z.infer<typeof companyFile>;
