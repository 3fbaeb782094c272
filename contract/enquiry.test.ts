import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  enquiryFormFields,
  enquiryFormSchema,
  enquiryFromPayload,
  enquiryPayload,
  enquiryPayloadSchema,
  enquiryProblems,
  enquiryTypeValues,
  isRequiredField,
} from "./enquiry";

const valid = {
  name: "Thandi Nkosi",
  phone: "0123456789",
  email: "thandi@example.co.za",
  enquiry: "consultation",
  message: "Please show us the meters.",
};

function errorsFor(values: Record<string, unknown>) {
  const result = enquiryFormSchema.safeParse(values);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}

describe("the form's field list", () => {
  it("names the schema's fields in order, each required, and the four enquiry types (§6.1)", () => {
    expect(enquiryFormFields).toEqual(["name", "phone", "email", "enquiry", "message"]);
    expect(enquiryFormFields.filter(isRequiredField)).toEqual(enquiryFormFields);
    expect(enquiryTypeValues).toEqual(["consultation", "support", "feedback", "other"]);
    // The problems of exactly these fields, so the content has a message for each.
    expect(Object.keys(enquiryProblems)).toEqual(enquiryFormFields);
  });
});

describe("enquiryFormSchema", () => {
  it("accepts a complete enquiry, a message's line breaks and tabs, and a name's accents and emoji", () => {
    expect(enquiryFormSchema.parse(valid)).toEqual(valid);
    const message = "Line one\r\nLine two\n\tindented";
    expect(errorsFor({ ...valid, name: "Zoë Ndlovu-Müller 💧", message })).toEqual({});
  });

  // NUL, escape (a terminal's commands), DEL, a C1 control (U+0085, U+009B: another escape).
  const controls = ["\u0000", "\u001b[2J", "\u0007", "\u007f", "\u0085", "\u009b31m"];
  const cases: (readonly [keyof typeof valid, unknown, readonly string[] | undefined])[] = [
    ...enquiryFormFields.flatMap((field) => {
      const missing = field === "enquiry" ? "notChosen" : "missing";
      return [[field, "", [missing]] as const, [field, undefined, [missing]] as const];
    }),
    ["name", "   ", ["missing"]],
    ["message", "   ", ["missing"]],
    ...controls.flatMap((control) => [
      ["name", `Thandi${control}`, ["notPrintable"]] as const,
      ["message", `Please call.${control}`, ["notPrintable"]] as const,
    ]),
    ["name", "Thandi\nNkosi", ["notPrintable"]],
    ["name", "Thandi\tNkosi", ["notPrintable"]],
    ...["0", "0123456789", "2".repeat(40)].map((phone) => ["phone", phone, undefined] as const),
    ...["12a", "082 CALL ME", "０１２", "27+82", "+()", "082.555", "082\t555"].map(
      (phone) => ["phone", phone, ["notDigits"]] as const,
    ),
    ...["thandi", "thandi@", "@example.co.za", "thandi@example", "a b@example.co.za"].map(
      (email) => ["email", email, ["notEmail"]] as const,
    ),
    ...enquiryTypeValues.map((type) => ["enquiry", type, undefined] as const),
    ["enquiry", "sales", ["notChosen"]],
    ["enquiry", "Consultation", ["notChosen"]],
  ];
  it.each([
    ["+27 82 555 0199", "27825550199"],
    ["(012) 345-6789", "0123456789"],
    [" 082 555 0199 ", "0825550199"],
  ])(
    "takes the phone number %j as people write it, and hands on its digits %j",
    (phone, digits) => {
      expect(enquiryFormSchema.parse({ ...valid, phone }).phone).toBe(digits);
    },
  );
  it.each(cases)("takes %s %j as %j", (field, value, problems) => {
    expect(errorsFor({ ...valid, [field]: value })).toEqual(problems ? { [field]: problems } : {});
  });
});

describe("the payload", () => {
  const body = enquiryPayload(enquiryFormSchema.parse(valid), "token-1", "Amanzi Meters");

  it("is a body the server's payload schema accepts as it is, with cell repeating phone", () => {
    const fixed = { token: "token-1", compname: "Amanzi Meters", type: "mail", cell: valid.phone };
    expect(body).toEqual({ ...valid, ...fixed });
    expect(enquiryPayloadSchema.parse(body)).toEqual(body);
  });

  it("carries a phone number's digits only, as the send call always has (§7)", () => {
    for (const phone of ["+27825550199", "082 555 0199", "(012)3456789"]) {
      const parsed = enquiryPayloadSchema.safeParse({ ...body, phone, cell: phone });
      expect(parsed.success ? {} : z.flattenError(parsed.error).fieldErrors).toEqual({
        phone: ["notDigits"],
      });
    }
  });

  it("refuses control characters in the fields the form does not show too", () => {
    for (const field of ["compname", "token"] as const) {
      const parsed = enquiryPayloadSchema.safeParse({ ...body, [field]: "a\u0000b" });
      expect(parsed.success ? {} : z.flattenError(parsed.error).fieldErrors).toEqual({
        [field]: ["notPrintable"],
      });
    }
  });

  it("is stored with every field under its stored name, an absent optional one as null", () => {
    const { enquiry, compname, token: _, type: __, cell: ___, ...same } = body;
    expect(enquiryFromPayload(body)).toEqual({
      ...same,
      enquiryType: enquiry,
      companyName: compname,
    });
    expect(enquiryFromPayload({ ...body, compname: undefined }).companyName).toBeNull();
  });
});
