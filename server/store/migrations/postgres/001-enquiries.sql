CREATE TABLE enquiries (
     id uuid PRIMARY KEY,
     received_at timestamptz NOT NULL,
     name text NOT NULL,
     phone text NOT NULL,
     email text NOT NULL,
     enquiry_type text NOT NULL,
     message text NOT NULL
   );
   CREATE TABLE deliveries (
     enquiry_id uuid PRIMARY KEY REFERENCES enquiries (id),
     status text NOT NULL CHECK (status IN ('pending', 'delivered')),
     attempts integer NOT NULL DEFAULT 0,
     next_attempt_at timestamptz,
     delivered_at timestamptz,
     last_error text,
     lease_token text
   );
   CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
   CREATE INDEX enquiries_email ON enquiries (lower(email));
   CREATE INDEX enquiries_received ON enquiries (received_at);
