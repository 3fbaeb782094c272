-- One job per channel (decision 0012); the jobs so far were all mail.
ALTER TABLE deliveries ADD COLUMN channel text NOT NULL DEFAULT 'mail'
     CHECK (channel IN ('mail', 'webhook', 'acknowledgement'));
   ALTER TABLE deliveries ALTER COLUMN channel DROP DEFAULT;
   ALTER TABLE deliveries DROP CONSTRAINT deliveries_pkey;
   ALTER TABLE deliveries ADD PRIMARY KEY (enquiry_id, channel);
   DROP INDEX deliveries_due;
   CREATE INDEX deliveries_due ON deliveries (channel, next_attempt_at) WHERE status = 'pending';
   CREATE TABLE acknowledgements (
     address text PRIMARY KEY,
     acknowledged_at timestamptz NOT NULL
   );
