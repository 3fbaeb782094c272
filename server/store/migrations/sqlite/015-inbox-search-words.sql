-- The inbox's search through trigrams of what it searches, as PostgreSQL's pg_trgm index does
-- (decision 0059): FTS5 finds the candidates, the columns then confirm each one. The copy is
-- keyed by the enquiry's id (enquiry_id), not by the enquiries' rowid, which VACUUM may
-- renumber on a table keyed by TEXT. FTS5 cannot index that key, so enquiries_words_keys finds
-- the copy's row of an enquiry (its own INTEGER PRIMARY KEY, which VACUUM keeps): a purge of
-- thousands of enquiries reads no copy in full. Triggers keep both, so every insert, change
-- and delete of an enquiry (erasure, the retention purge, and the release before this one's
-- writes) takes the copy along. secure-delete: a deleted row's trigrams leave the index itself
-- at once, not only behind a marker until a merge (POPIA, erasure); it costs a deletion about
-- 0.6 ms over an index merged into one segment ('optimize'), 3.5 ms over many.
CREATE TABLE enquiries_words_keys (
     words_rowid INTEGER PRIMARY KEY,
     enquiry_id TEXT NOT NULL UNIQUE
   );
   CREATE VIRTUAL TABLE enquiries_words USING fts5(
     enquiry_id UNINDEXED, name, email, phone, company_name, message, tokenize = 'trigram');
   INSERT INTO enquiries_words (enquiries_words, rank) VALUES ('secure-delete', 1);
   CREATE TRIGGER enquiries_words_insert AFTER INSERT ON enquiries BEGIN
     INSERT INTO enquiries_words_keys (enquiry_id) VALUES (new.id);
     INSERT INTO enquiries_words (rowid, enquiry_id, name, email, phone, company_name, message)
       VALUES ((SELECT words_rowid FROM enquiries_words_keys WHERE enquiry_id = new.id),
         new.id, new.name, new.email, new.phone, new.company_name, new.message);
   END;
   CREATE TRIGGER enquiries_words_update
     AFTER UPDATE OF id, name, email, phone, company_name, message ON enquiries BEGIN
     UPDATE enquiries_words_keys SET enquiry_id = new.id WHERE enquiry_id = old.id;
     UPDATE enquiries_words SET enquiry_id = new.id, name = new.name, email = new.email,
         phone = new.phone, company_name = new.company_name, message = new.message
       WHERE rowid = (SELECT words_rowid FROM enquiries_words_keys WHERE enquiry_id = new.id);
   END;
   CREATE TRIGGER enquiries_words_delete AFTER DELETE ON enquiries BEGIN
     DELETE FROM enquiries_words
       WHERE rowid = (SELECT words_rowid FROM enquiries_words_keys WHERE enquiry_id = old.id);
     DELETE FROM enquiries_words_keys WHERE enquiry_id = old.id;
   END;
   INSERT INTO enquiries_words_keys (enquiry_id) SELECT id FROM enquiries;
   INSERT INTO enquiries_words (rowid, enquiry_id, name, email, phone, company_name, message)
     SELECT k.words_rowid, e.id, e.name, e.email, e.phone, e.company_name, e.message
     FROM enquiries AS e JOIN enquiries_words_keys AS k ON k.enquiry_id = e.id;
   INSERT INTO enquiries_words (enquiries_words) VALUES ('optimize');
