-- Taps on the company's phone and WhatsApp links (decision 0035): a count per UTC day, channel
-- and the place on the site the link was tapped, kept as long as the other daily counts.
CREATE TABLE insights_taps (
     day TEXT NOT NULL,
     channel TEXT NOT NULL,
     source TEXT NOT NULL,
     taps INTEGER NOT NULL,
     PRIMARY KEY (day, channel, source)
   ) WITHOUT ROWID;
