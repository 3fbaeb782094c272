-- Visits that sent at least one enquiry (decision 0040): a daily count beside visits, and
-- whether a day's visitor has sent one yet, so a second enquiry converts no second visit. The
-- index serves the dashboard, which adds up one dimension over a range of days.
ALTER TABLE insights_daily ADD COLUMN converted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE insights_visitors ADD COLUMN converted INTEGER NOT NULL DEFAULT 0;
CREATE INDEX insights_daily_by_dimension ON insights_daily (dimension, day);
