// The company's direct contacts, edited once (company.yaml) and shown beside the contact form, in
// the footer, in the privacy statement and in the site's Organization structured data. Every
// detail is optional: one left empty is not shown anywhere (decision 0035).
import { z } from "zod";
import { text } from "./schemas.ts";

export const companyFileName = "company.yaml";

// South African as dialled at home (0xx xxx xxxx) or with +27, or any international number in
// E.164 form (+, country code, up to 15 digits); spaces and hyphens between digits are kept as
// typed for the page, and left out of the link.
const phoneRule =
  "A South African number (012 345 6789 or +27 12 345 6789) or an international one starting with + and the country code";
export const phonePattern =
  /^(?:0[1-9](?:[ -]?\d){8}|\+27[ -]?[1-9](?:[ -]?\d){8}|\+(?!27)[1-9](?:[ -]?\d){6,14})$/;

const phoneNumber = () =>
  z.string().regex(phonePattern, phoneRule).meta({ patternMessage: phoneRule });

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

export const province = () => z.enum(provinces);

export const companyFile = z.object({
  labels: z.object({
    heading: text(),
    phone: text(),
    whatsapp: text(),
    address: text(),
    officeHours: text(),
    informationOfficer: text(),
    informationOfficerIntro: text(),
  }),
  phone: phoneNumber().optional(),
  whatsapp: z
    .object({
      number: phoneNumber(),
      firstLine: text(),
    })
    .optional(),
  address: z
    .object({
      street: text(),
      town: text(),
      province: province(),
      postalCode: z
        .string()
        .regex(/^\d{4}$/, "Four digits")
        .meta({ patternMessage: "Four digits" }),
    })
    .optional(),
  officeHours: z.array(text()).optional(),
  replyPromise: text().optional(),
  informationOfficer: z
    .object({
      name: text(),
      address: text(),
    })
    .optional(),
});

export type CompanyFile = z.infer<typeof companyFile>;
