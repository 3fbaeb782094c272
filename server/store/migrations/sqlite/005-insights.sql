-- Insights (decision 0021): daily counts, kept for months; each day's salt and visitor
-- hashes, deleted once the day is over.
CREATE TABLE insights_daily (
     day TEXT NOT NULL,
     dimension TEXT NOT NULL,
     value TEXT NOT NULL,
     pageviews INTEGER NOT NULL,
     visitors INTEGER NOT NULL,
     visits INTEGER NOT NULL,
     enquiries INTEGER NOT NULL,
     PRIMARY KEY (day, dimension, value)
   ) WITHOUT ROWID;
   CREATE TABLE insights_salts (day TEXT PRIMARY KEY, salt BLOB NOT NULL);
   CREATE TABLE insights_visitors (
     day TEXT NOT NULL,
     hash TEXT NOT NULL,
     entry TEXT NOT NULL,
     source TEXT NOT NULL,
     medium TEXT NOT NULL,
     campaign TEXT NOT NULL,
     device TEXT NOT NULL,
     PRIMARY KEY (day, hash)
   ) WITHOUT ROWID;
   CREATE TABLE insights_visitor_pages (
     day TEXT NOT NULL,
     hash TEXT NOT NULL,
     path TEXT NOT NULL,
     PRIMARY KEY (day, hash, path)
   ) WITHOUT ROWID;
