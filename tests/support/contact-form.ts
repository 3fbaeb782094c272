import { expect, type Page } from "@playwright/test";
import { sitePage } from "../../app/content/site-content";
import { enquiryTypeValues } from "../../contract/enquiry";

// The contact form as a visitor uses it, each part found by its words in the content files.

const { labels, submit, notifications } = sitePage("contact", "contact").file.enquiryForm;

/** The form's fields, each found by its label. */
export const formFields = (page: Page) => ({
  name: page.getByLabel(labels.name, { exact: true }),
  phone: page.getByLabel(labels.phone, { exact: true }),
  email: page.getByLabel(labels.email, { exact: true }),
  enquiry: page.getByLabel(labels.enquiry, { exact: true }),
  message: page.getByLabel(labels.message, { exact: true }),
});

/** A visitor's enquiry, as they type it; for the enquiry type, the value of the option chosen. */
export const typedEnquiry: Record<keyof ReturnType<typeof formFields>, string> = {
  name: "Lerato Dlamini",
  phone: "0831234567",
  email: "lerato@example.co.za",
  enquiry: enquiryTypeValues[0],
  message: "A quote for 12 meters, please.",
};

/** Fills every field, as a visitor does. */
export async function fillForm(page: Page, values = typedEnquiry) {
  const fields = formFields(page);
  await fields.name.fill(values.name);
  await fields.phone.fill(values.phone);
  await fields.email.fill(values.email);
  await fields.enquiry.selectOption(values.enquiry);
  await fields.message.fill(values.message);
}

/** Sends the filled form and waits until the form says the enquiry was sent. */
export async function sendForm(page: Page, { timeout }: { timeout?: number } = {}) {
  await page.getByRole("button", { name: submit.idle, exact: true }).click();
  await expect(
    page
      .getByRole("region", { name: notifications.regionLabel, exact: true })
      .getByText(notifications.success),
  ).toBeVisible({ timeout });
}
