-- Exclusion constraints (no two overlapping lessons, interviews or availability slots for one
-- tutor) combine "=" on ids with "&&" on time ranges in one GiST index; btree_gist provides "=".
CREATE EXTENSION IF NOT EXISTS btree_gist;
