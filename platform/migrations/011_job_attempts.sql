-- How many times a job has been started in a row without completing (issue 28): 1 for a first run, one
-- more for each retry after a failure, back to 1 when the job is started again after it completed.
ALTER TABLE organization_jobs ADD COLUMN attempts integer NOT NULL DEFAULT 1 CHECK (attempts >= 1);
