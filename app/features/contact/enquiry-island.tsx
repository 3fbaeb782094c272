import { EnquiryForm, type EnquiryFormCopy } from "./enquiry-form";
import { EnquiryNotifications } from "./enquiry-notifications";

type EnquiryIslandProps = { copy: EnquiryFormCopy; privacyNote: string; labelledBy: string };

/**
 * The contact page's one interactive part, and the only one React runs in the browser: the
 * enquiry form and its notifications, hydrated by the client:first-use directive (first-use.ts).
 */
export function EnquiryIsland({ copy, ...form }: EnquiryIslandProps) {
  return (
    <>
      <EnquiryForm copy={copy} idPrefix="enquiry" {...form} />
      <EnquiryNotifications label={copy.notifications.regionLabel} />
    </>
  );
}
