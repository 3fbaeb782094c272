-- Held, not refused (decision 0039): an enquiry the bot check doubts is stored held, with the
-- reason, and gets no delivery job until a person releases it (status back to accepted) or
-- marks it spam. held_digest_day is the day of the staff digest that told of it.
ALTER TABLE enquiries ADD COLUMN status text NOT NULL DEFAULT 'accepted'
     CHECK (status IN ('accepted', 'held', 'spam'));
   ALTER TABLE enquiries ADD COLUMN held_reason text;
   ALTER TABLE enquiries ADD COLUMN held_digest_day text;
   CREATE INDEX enquiries_not_accepted ON enquiries (status, received_at)
     WHERE status <> 'accepted';
   -- One row per UTC day claims that day's digest for one instance, under a lease.
   CREATE TABLE held_digests (
     day text PRIMARY KEY,
     lease_token text,
     lease_until timestamptz,
     sent_at timestamptz
   );
   -- Held sends per UTC day for the insights report, apart from its enquiries (conversion).
   CREATE TABLE insights_held (
     day text PRIMARY KEY,
     held integer NOT NULL
   );
