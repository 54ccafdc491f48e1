-- announce_notification: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- Every committed notification is announced on the 'notifications' channel (payload: its id), so
-- each API instance pushes it to the user's socket.io room; a rolled-back event announces nothing.
CREATE OR REPLACE FUNCTION announce_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications', NEW.id::text);
  RETURN NEW;
END;
$$;
