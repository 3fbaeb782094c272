import { useReducer } from "react";
import { EnquiryForm, type EnquiryFormProps } from "./enquiry-form";
import { EnquiryNotifications, type Notice } from "./enquiry-notifications";

type Shown = Notice & { id: number };

// The contact page's one island, hydrated by client:first-use (first-use.ts): the enquiry form
// and its notices.
export function EnquiryIsland(props: Omit<EnquiryFormProps, "notify">) {
  // Each notice replaces the last with a new id, so even a repeated one is announced again.
  const [shown, notify] = useReducer(
    (last: Shown | null, notice: Notice | null) => notice && { ...notice, id: (last?.id ?? 0) + 1 },
    null,
  );
  return (
    <>
      <EnquiryForm {...props} notify={notify} />
      <EnquiryNotifications
        copy={props.copy.notifications}
        shown={shown}
        onClose={() => notify(null)}
      />
    </>
  );
}
