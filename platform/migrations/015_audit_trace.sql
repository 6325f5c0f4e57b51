-- Issue 32: the OpenTelemetry trace id of the request that recorded each event, so a person goes from
-- an audit entry to its trace. Null for events recorded before, or while tracing was off.
ALTER TABLE audit_events ADD COLUMN trace_id text;
