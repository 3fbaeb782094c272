-- One job per channel (decision 0012); the jobs so far were all mail. SQLite cannot change
-- a primary key in place, so the table is copied.
CREATE TABLE deliveries_by_channel (
     enquiry_id TEXT NOT NULL REFERENCES enquiries (id),
     channel TEXT NOT NULL CHECK (channel IN ('mail', 'webhook', 'acknowledgement')),
     status TEXT NOT NULL CHECK (status IN ('pending', 'delivered')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER,
     delivered_at TEXT,
     last_error TEXT,
     lease_token TEXT,
     PRIMARY KEY (enquiry_id, channel)
   );
   INSERT INTO deliveries_by_channel
     SELECT enquiry_id, 'mail', status, attempts, next_attempt_at, delivered_at, last_error,
       lease_token
     FROM deliveries;
   DROP TABLE deliveries;
   ALTER TABLE deliveries_by_channel RENAME TO deliveries;
   CREATE INDEX deliveries_due ON deliveries (channel, status, next_attempt_at);
   CREATE TABLE acknowledgements (
     address TEXT PRIMARY KEY,
     acknowledged_at INTEGER NOT NULL
   );
