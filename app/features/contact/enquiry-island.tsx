import type { EnquiryField } from "../../../contract/enquiry";
import type { EnquiryFormCopy } from "../../content/contact";
import { EnquiryForm } from "./enquiry-form";
import { EnquiryNotifications } from "./enquiry-notifications";

/** What the prerendered page hands the island, as JSON (app/lib/hydration.tsx). */
export type EnquiryIslandProps = {
  copy: EnquiryFormCopy;
  privacyNote: string;
  labelledBy: string;
  idPrefix: string;
};

type StartedIslandProps = EnquiryIslandProps & {
  /** Only in the browser: fields the visitor left before the island started. */
  touchedBeforeStart?: readonly EnquiryField[];
};

/**
 * The contact page's one interactive part, and the only one React runs in the browser: the
 * enquiry form and its notifications. The page renders it at build time like everything else;
 * app/features/contact/start-enquiry-island.tsx hydrates just this.
 */
export function EnquiryIsland({ copy, touchedBeforeStart, ...form }: StartedIslandProps) {
  return (
    <>
      <EnquiryForm copy={copy} touchedBeforeStart={touchedBeforeStart} {...form} />
      <EnquiryNotifications label={copy.notifications.regionLabel} />
    </>
  );
}
