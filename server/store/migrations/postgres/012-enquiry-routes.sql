-- Routing (decision 0049): who answers each enquiry type, set by owners on the owners' page. A
-- new enquiry of that type is stored with that person as its owner; the route goes with them.
CREATE TABLE enquiry_routes (
     enquiry_type text PRIMARY KEY,
     staff_id text NOT NULL REFERENCES staff (id) ON DELETE CASCADE
   );
