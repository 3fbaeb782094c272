-- The staff inbox (decision 0045). `stage` is where the company is with an enquiry (new,
-- contacted, qualified, won, lost); `status` keeps saying whether the bot check let it through
-- (accepted, held, spam). The inbox shows held and spam ones by status, accepted ones by stage.
-- entry_page and source are the visit the insights counted the enquiry for, when they did.
ALTER TABLE enquiries ADD COLUMN stage TEXT NOT NULL DEFAULT 'new'
     CHECK (stage IN ('new', 'contacted', 'qualified', 'won', 'lost'));
   ALTER TABLE enquiries ADD COLUMN owner_id TEXT REFERENCES staff (id) ON DELETE SET NULL;
   ALTER TABLE enquiries ADD COLUMN entry_page TEXT;
   ALTER TABLE enquiries ADD COLUMN source TEXT;
   CREATE INDEX enquiries_received ON enquiries (received_at);
   -- What staff did with an enquiry, for its timeline (POPIA): gone with the enquiry.
   CREATE TABLE enquiry_events (
     id TEXT PRIMARY KEY,
     enquiry_id TEXT NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
     at TEXT NOT NULL,
     staff_id TEXT REFERENCES staff (id) ON DELETE SET NULL,
     kind TEXT NOT NULL,
     detail TEXT
   );
   CREATE INDEX enquiry_events_enquiry ON enquiry_events (enquiry_id, at);
