-- Reading the store as fast as it is written (decision 0051). The dashboard adds up one
-- dimension over a range of days from an index that holds every measure, so no table row is
-- read; the inbox reads a view's newest enquiries in the index's order, the id breaking ties.
CREATE INDEX insights_daily_report ON insights_daily
     (dimension, day, value, pageviews, visitors, visits, enquiries, downloads, converted);
   CREATE INDEX enquiries_newest ON enquiries (received_at, id);
   -- Days counted before the bound on labels keep at most 200 values of a dimension, as the
   -- counting keeps today (schema.ts, labelsPerDay): the first by the sum of their measures,
   -- the rest added to the day's "(other)". The release before reads and writes these rows as
   -- it did; it only finds fewer of them.
   INSERT INTO insights_daily
     (day, dimension, value, pageviews, visitors, visits, enquiries, downloads, converted)
   SELECT day, dimension, '(other)', sum(pageviews), sum(visitors), sum(visits), sum(enquiries),
       sum(downloads), sum(converted)
     FROM (
       SELECT *, row_number() OVER (
           PARTITION BY day, dimension
           ORDER BY pageviews + visitors + visits + enquiries + downloads + converted DESC, value
         ) AS place
       FROM insights_daily WHERE dimension <> 'total' AND value <> '(other)'
     )
     WHERE place > 200
     GROUP BY day, dimension
   ON CONFLICT (day, dimension, value) DO UPDATE SET
     pageviews = insights_daily.pageviews + excluded.pageviews,
     visitors = insights_daily.visitors + excluded.visitors,
     visits = insights_daily.visits + excluded.visits,
     enquiries = insights_daily.enquiries + excluded.enquiries,
     downloads = insights_daily.downloads + excluded.downloads,
     converted = insights_daily.converted + excluded.converted;
   DELETE FROM insights_daily WHERE (day, dimension, value) IN (
     SELECT day, dimension, value FROM (
       SELECT day, dimension, value, row_number() OVER (
           PARTITION BY day, dimension
           ORDER BY pageviews + visitors + visits + enquiries + downloads + converted DESC, value
         ) AS place
       FROM insights_daily WHERE dimension <> 'total' AND value <> '(other)'
     ) WHERE place > 200
   );
