-- The inbox's search through trigrams of what it searches, as PostgreSQL's pg_trgm index does
-- (decision 0059): FTS5 finds the candidates, the columns then confirm each one. The copy is
-- keyed by the enquiry's id, not by rowid, which VACUUM may renumber on a table keyed by TEXT.
-- Triggers keep it, so every insert, change and delete of an enquiry (erasure, the retention
-- purge, and the release before this one's writes) takes its copy along. The key is not
-- indexed: a delete finds its row by reading the copy in the order it was written, oldest
-- first, which is the order the purge deletes in. secure-delete: a deleted row's trigrams leave
-- the index itself at once, not only behind a marker until a merge (POPIA, erasure).
CREATE VIRTUAL TABLE enquiries_words USING fts5(
     enquiry_id UNINDEXED, name, email, phone, company_name, message, tokenize = 'trigram');
   INSERT INTO enquiries_words (enquiries_words, rank) VALUES ('secure-delete', 1);
   INSERT INTO enquiries_words (enquiry_id, name, email, phone, company_name, message)
     SELECT id, name, email, phone, company_name, message FROM enquiries
     ORDER BY received_at, id;
   CREATE TRIGGER enquiries_words_insert AFTER INSERT ON enquiries BEGIN
     INSERT INTO enquiries_words (enquiry_id, name, email, phone, company_name, message)
       VALUES (new.id, new.name, new.email, new.phone, new.company_name, new.message);
   END;
   CREATE TRIGGER enquiries_words_update
     AFTER UPDATE OF id, name, email, phone, company_name, message ON enquiries BEGIN
     UPDATE enquiries_words SET enquiry_id = new.id, name = new.name, email = new.email,
         phone = new.phone, company_name = new.company_name, message = new.message
       WHERE rowid = (SELECT rowid FROM enquiries_words WHERE enquiry_id = old.id);
   END;
   CREATE TRIGGER enquiries_words_delete AFTER DELETE ON enquiries BEGIN
     DELETE FROM enquiries_words
       WHERE rowid = (SELECT rowid FROM enquiries_words WHERE enquiry_id = old.id);
   END;
