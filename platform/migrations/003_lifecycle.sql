-- Each job keeps the step duration it started with, so progress is computed from the row alone and a
-- changed JOB_STEP_MS does not jump running jobs forward or back.
ALTER TABLE organization_jobs ADD COLUMN step_ms integer NOT NULL DEFAULT 1500 CHECK (step_ms > 0);

-- The sweeper and analytics look only at running jobs.
CREATE INDEX organization_jobs_in_progress_idx ON organization_jobs (organization_id) WHERE status = 'in_progress';
