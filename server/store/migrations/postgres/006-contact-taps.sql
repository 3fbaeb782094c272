-- Taps on the company's phone and WhatsApp links (decision 0035): a count per UTC day, channel
-- and the place on the site the link was tapped, kept as long as the other daily counts.
CREATE TABLE insights_taps (
     day text NOT NULL,
     channel text NOT NULL,
     source text NOT NULL,
     taps integer NOT NULL,
     PRIMARY KEY (day, channel, source)
   );
