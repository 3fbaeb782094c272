-- Insights (decision 0021): daily counts, kept for months; each day's salt and visitor
-- hashes, deleted once the day is over.
CREATE TABLE insights_daily (
     day text NOT NULL,
     dimension text NOT NULL,
     value text NOT NULL,
     pageviews integer NOT NULL,
     visitors integer NOT NULL,
     visits integer NOT NULL,
     enquiries integer NOT NULL,
     PRIMARY KEY (day, dimension, value)
   );
   CREATE TABLE insights_salts (day text PRIMARY KEY, salt bytea NOT NULL);
   CREATE TABLE insights_visitors (
     day text NOT NULL,
     hash text NOT NULL,
     entry text NOT NULL,
     source text NOT NULL,
     medium text NOT NULL,
     campaign text NOT NULL,
     device text NOT NULL,
     PRIMARY KEY (day, hash)
   );
   CREATE TABLE insights_visitor_pages (
     day text NOT NULL,
     hash text NOT NULL,
     path text NOT NULL,
     PRIMARY KEY (day, hash, path)
   );
