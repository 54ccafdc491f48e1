-- reject_audit_log_change: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- The audit log is append only: an entry, once written, is never changed or removed.
CREATE OR REPLACE FUNCTION reject_audit_log_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'El registro de auditoría no se modifica ni se borra.' USING ERRCODE = 'restrict_violation';
END;
$$;
