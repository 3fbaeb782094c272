-- The reply clock (decision 0048). first_reply_at: when the clock stopped, at the first reply or
-- when staff set the enquiry Contacted. reminded_at: when its one reminder mail went. The
-- reminder_lease columns are an instance's claim on sending it, as a delivery job's lease is.
ALTER TABLE enquiries ADD COLUMN first_reply_at TEXT;
   ALTER TABLE enquiries ADD COLUMN reminded_at TEXT;
   ALTER TABLE enquiries ADD COLUMN reminder_lease_token TEXT;
   ALTER TABLE enquiries ADD COLUMN reminder_lease_until INTEGER;
   -- Enquiries from before the clock get no reminder: a flood of them on the first start would
   -- tell the team nothing it can act on.
   UPDATE enquiries SET reminded_at = received_at;
   CREATE INDEX enquiries_awaiting_reply ON enquiries (received_at)
     WHERE first_reply_at IS NULL AND reminded_at IS NULL;
