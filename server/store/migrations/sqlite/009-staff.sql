-- Staff who sign in without GitHub (decision 0044): invited by an owner, never self-registered.
-- Codes and sessions are kept as hashes only; a person's rows go with them. Attempts are counted
-- per hashed key and hour, across instances, and forgotten once their hour is over.
CREATE TABLE staff (
     id TEXT PRIMARY KEY,
     email TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     owner INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL
   );
   CREATE TABLE staff_sign_in_codes (
     token_hash TEXT PRIMARY KEY,
     staff_id TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
     code_hash TEXT NOT NULL,
     expires_at INTEGER NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0
   );
   CREATE INDEX staff_sign_in_codes_staff ON staff_sign_in_codes (staff_id);
   CREATE TABLE staff_sessions (
     token_hash TEXT PRIMARY KEY,
     staff_id TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
     expires_at INTEGER NOT NULL
   );
   CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);
   CREATE TABLE staff_sign_in_attempts (
     key TEXT NOT NULL,
     hour TEXT NOT NULL,
     attempts INTEGER NOT NULL,
     PRIMARY KEY (key, hour)
   ) WITHOUT ROWID;
