-- Staff who sign in without GitHub (decision 0044): invited by an owner, never self-registered.
-- Codes and sessions are kept as hashes only; a person's rows go with them. Attempts are counted
-- per hashed key and hour, across instances, and forgotten once their hour is over.
CREATE TABLE staff (
     id text PRIMARY KEY,
     email text NOT NULL UNIQUE,
     name text NOT NULL,
     owner boolean NOT NULL DEFAULT false,
     created_at timestamptz NOT NULL
   );
   CREATE TABLE staff_sign_in_codes (
     token_hash text PRIMARY KEY,
     staff_id text NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
     code_hash text NOT NULL,
     expires_at timestamptz NOT NULL,
     attempts integer NOT NULL DEFAULT 0
   );
   CREATE INDEX staff_sign_in_codes_staff ON staff_sign_in_codes (staff_id);
   CREATE TABLE staff_sessions (
     token_hash text PRIMARY KEY,
     staff_id text NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
     expires_at timestamptz NOT NULL
   );
   CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);
   CREATE TABLE staff_sign_in_attempts (
     key text NOT NULL,
     hour text NOT NULL,
     attempts integer NOT NULL,
     PRIMARY KEY (key, hour)
   );
