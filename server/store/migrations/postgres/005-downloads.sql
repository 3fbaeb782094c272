-- A download of a datasheet or document (issue 39): counted per day, by file and by source,
-- as page views are.
ALTER TABLE insights_daily ADD COLUMN downloads integer NOT NULL DEFAULT 0;
