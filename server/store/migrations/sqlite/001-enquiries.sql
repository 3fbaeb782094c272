CREATE TABLE enquiries (
     id TEXT PRIMARY KEY,
     received_at TEXT NOT NULL,
     name TEXT NOT NULL,
     phone TEXT NOT NULL,
     email TEXT NOT NULL,
     enquiry_type TEXT NOT NULL,
     message TEXT NOT NULL
   );
   CREATE TABLE deliveries (
     enquiry_id TEXT PRIMARY KEY REFERENCES enquiries (id),
     status TEXT NOT NULL CHECK (status IN ('pending', 'delivered')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER,
     delivered_at TEXT,
     last_error TEXT
   );
   CREATE INDEX deliveries_due ON deliveries (status, next_attempt_at);
