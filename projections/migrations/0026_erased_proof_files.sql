-- An erased customer's proof images (`proofs/{userId}/…`, on disk or in the bucket) are deleted by the
-- shop's hourly proof sweep, which reaches the file storage the CLI does not (docs/decisions/0007):
-- `tcg customer forget` leaves `files_erased_at` empty, and the sweep sets it once the folder is gone.
-- Customers erased before this column existed have it empty too, so their folders go at the next sweep.
ALTER TABLE personal_data_keys ADD COLUMN files_erased_at timestamptz;
