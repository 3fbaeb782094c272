-- The claim protocol (decision 0006): whose claim a pending delivery is under.
ALTER TABLE deliveries ADD COLUMN lease_token TEXT;
