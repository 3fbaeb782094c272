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
  it("names the schema's fields in order, each required (requirements §6.1)", () => {
    expect(enquiryFormFields).toEqual(["name", "phone", "email", "enquiry", "message"]);
    expect(enquiryFormFields.filter(isRequiredField)).toEqual(enquiryFormFields);
  });

  it("lists the problems of exactly these fields, so the content has a message for each", () => {
    expect(Object.keys(enquiryProblems)).toEqual(enquiryFormFields);
  });
});

describe("enquiryFormSchema", () => {
  it("accepts a complete enquiry", () => {
    expect(enquiryFormSchema.parse(valid)).toEqual(valid);
  });

  it.each(["name", "phone", "email", "enquiry", "message"])("requires %s", (field) => {
    expect(errorsFor({ ...valid, [field]: "" })[field as keyof typeof valid]).toEqual([
      field === "enquiry" ? "notChosen" : "missing",
    ]);
    const { [field as keyof typeof valid]: _left, ...without } = valid;
    expect(errorsFor(without)[field as keyof typeof valid]).toHaveLength(1);
  });

  it.each(["name", "message"])("does not take blanks as a %s", (field) => {
    expect(errorsFor({ ...valid, [field]: "   " })).toHaveProperty(field);
  });

  // NUL, escape (a terminal's commands), DEL, a C1 control (U+0085, U+009B: another escape).
  const controls = ["\u0000", "\u001b[2J", "\u0007", "\u007f", "\u0085", "\u009b31m"];

  it.each(controls.map((c) => [JSON.stringify(c), c]))(
    "refuses %s in a name or message, naming the field",
    (_, control) => {
      expect(errorsFor({ ...valid, name: `Thandi${control}` }).name).toEqual(["notPrintable"]);
      const message = `Please call.${control}`;
      expect(errorsFor({ ...valid, message }).message).toEqual(["notPrintable"]);
    },
  );

  it("keeps a message's line breaks and tabs, and a name's accents and emoji", () => {
    const message = "Line one\r\nLine two\n\tindented";
    expect(errorsFor({ ...valid, name: "Zoë Ndlovu-Müller 💧", message })).toEqual({});
    expect(errorsFor({ ...valid, name: "Thandi\nNkosi" }).name).toEqual(["notPrintable"]);
    expect(errorsFor({ ...valid, name: "Thandi\tNkosi" }).name).toEqual(["notPrintable"]);
  });

  it.each(["0", "0123456789", "2".repeat(40)])("accepts the digits-only phone %s", (phone) => {
    expect(errorsFor({ ...valid, phone })).toEqual({});
  });

  it.each(["012 345 6789", "+27123456789", "012-345", "12a", "０１２"])(
    "rejects the phone %s",
    (phone) => {
      expect(errorsFor({ ...valid, phone }).phone).toEqual(["notDigits"]);
    },
  );

  it.each(["thandi", "thandi@", "@example.co.za", "thandi@example", "a b@example.co.za"])(
    "rejects the email %s",
    (email) => {
      expect(errorsFor({ ...valid, email }).email).toEqual(["notEmail"]);
    },
  );

  it("accepts exactly the four enquiry types", () => {
    expect(enquiryTypeValues).toEqual(["consultation", "support", "feedback", "other"]);
    for (const value of enquiryTypeValues) {
      expect(errorsFor({ ...valid, enquiry: value })).toEqual({});
    }
    expect(errorsFor({ ...valid, enquiry: "sales" }).enquiry).toEqual(["notChosen"]);
    expect(errorsFor({ ...valid, enquiry: "Consultation" })).toHaveProperty("enquiry");
  });
});

describe("enquiryPayload", () => {
  it("builds a body the server's payload schema accepts, with cell repeating phone", () => {
    const body = enquiryPayload(enquiryFormSchema.parse(valid), "token-1", "Amanzi Meters");
    expect(enquiryPayloadSchema.parse(body)).toEqual({
      ...valid,
      token: "token-1",
      compname: "Amanzi Meters",
      type: "mail",
      cell: valid.phone,
    });
  });
});

describe("enquiryPayloadSchema", () => {
  it("refuses control characters in the fields the form does not show too", () => {
    const payload = enquiryPayload(valid as never, "token", "Amanzi");
    for (const field of ["compname", "token"] as const) {
      const parsed = enquiryPayloadSchema.safeParse({ ...payload, [field]: "a\u0000b" });
      expect(parsed.success ? {} : z.flattenError(parsed.error).fieldErrors).toEqual({
        [field]: ["notPrintable"],
      });
    }
  });
});

describe("enquiryFromPayload", () => {
  it("keeps every field under its stored name, an absent optional one as null", () => {
    const body = enquiryPayloadSchema.parse(
      enquiryPayload(enquiryFormSchema.parse(valid), "token-1", "Amanzi Meters"),
    );
    const { enquiry, compname, token: _, type: __, cell: ___, ...same } = body;
    expect(enquiryFromPayload(body)).toEqual({
      ...same,
      enquiryType: enquiry,
      companyName: compname,
    });
    expect(enquiryFromPayload({ ...body, compname: undefined }).companyName).toBeNull();
  });
});
