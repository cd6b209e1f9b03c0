-- The search counts donor_search with an index-only scan, which is fast only while the visibility
-- map is current. Every donor view and profile save updates a row, so autovacuum should not wait
-- for the default 20% of the table to change (20,000 rows at 100,000 donors): 2% is enough.
ALTER TABLE "donor_search" SET (
  autovacuum_vacuum_scale_factor = 0.02,
  autovacuum_vacuum_insert_scale_factor = 0.02,
  autovacuum_analyze_scale_factor = 0.02
);
