-- The staff inbox (decision 0045). `stage` is where the company is with an enquiry (new,
-- contacted, qualified, won, lost); `status` keeps saying whether the bot check let it through
-- (accepted, held, spam). The inbox shows held and spam ones by status, accepted ones by stage.
-- entry_page and source are the visit the insights counted the enquiry for, when they did.
ALTER TABLE enquiries ADD COLUMN stage text NOT NULL DEFAULT 'new'
     CHECK (stage IN ('new', 'contacted', 'qualified', 'won', 'lost'));
   ALTER TABLE enquiries ADD COLUMN owner_id text REFERENCES staff (id) ON DELETE SET NULL;
   ALTER TABLE enquiries ADD COLUMN entry_page text;
   ALTER TABLE enquiries ADD COLUMN source text;
   -- What staff did with an enquiry, for its timeline (POPIA): gone with the enquiry.
   CREATE TABLE enquiry_events (
     id uuid PRIMARY KEY,
     enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
     at timestamptz NOT NULL,
     staff_id text REFERENCES staff (id) ON DELETE SET NULL,
     kind text NOT NULL,
     detail text
   );
   CREATE INDEX enquiry_events_enquiry ON enquiry_events (enquiry_id, at);
