-- Up Migration
-- What must not be lost when Redis forgets: the ledger, the budgets' spend, watches, digests and
-- their runs' claims, seen notices and settings. Times are milliseconds since the epoch (bigint),
-- as the app writes them.

-- One row per upstream call: call_id is the call's own id, so an entry written again (a retry after
-- an answer lost on the way back) is recorded once.
CREATE TABLE ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  call_id text NOT NULL UNIQUE,
  team_id text NOT NULL,
  at bigint NOT NULL,
  user_id text,
  source text,
  -- Who spent, as /dq usage groups it: the person, else the digest, else unknown.
  spender text GENERATED ALWAYS AS (
    COALESCE(NULLIF(user_id, ''), CASE WHEN source LIKE 'digest:%' THEN source ELSE 'unknown' END)
  ) STORED,
  operation text NOT NULL,
  coins integer NOT NULL,
  outcome text NOT NULL,
  unconfirmed boolean NOT NULL DEFAULT false,
  entry jsonb NOT NULL
);
-- /dq usage: a team's month (or day) grouped by spender and operation, read from the index alone.
CREATE INDEX ledger_team_time ON ledger (team_id, at) INCLUDE (spender, operation, coins, unconfirmed);

-- The ledger summed by day (in the ledger's time zone, BUDGET_TZ), spender and operation, kept in the
-- same statement as each row: a month of /dq usage reads some thirty days of these, not a million rows.
CREATE TABLE ledger_days (
  team_id text NOT NULL,
  zone text NOT NULL,
  day date NOT NULL,
  spender text NOT NULL,
  operation text NOT NULL,
  coins bigint NOT NULL,
  calls bigint NOT NULL,
  unconfirmed_coins bigint NOT NULL,
  PRIMARY KEY (team_id, zone, day, spender, operation)
);

-- Budget counters (a day's spend per team, person and key), reserved in transactions.
CREATE TABLE counters (
  key text PRIMARY KEY,
  value bigint NOT NULL,
  expires_at bigint NOT NULL
);

-- Budget reservations, a batch in one statement: a replica sends the reservations waiting at that
-- moment together, so they share one commit (one disk flush) instead of queueing on a counter's
-- lock one flush each. Every counter of the batch is locked (in key order, so two batches never wait
-- on each other in a circle) and read; then each request in turn, all or nothing, is checked
-- against its limits (counting what earlier requests of the batch added) and, when all pass, added.
-- A request with a marker adds nothing unless the store guard's document still holds it.
-- A batch in which no request has a limit only counts (no budget is set): its commit is not waited
-- on to reach the disk; one guarding a limit is, before any of its calls goes out.
-- p_requests: [{"keys": [...], "amounts": [...], "limits": [... or null], "ttl": ms, "marker": null
-- or {"collection", "id", "marker"}}]. Replies one array per request, as Redis's script does:
-- [1, totals…], [0, failing item (0-based), its current value] or [-1] for a marker gone.
CREATE FUNCTION reserve_counters(p_requests jsonb, p_now bigint) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  k text;
  request jsonb;
  marker jsonb;
  held jsonb;
  live jsonb := '{}'::jsonb;
  started jsonb := '{}'::jsonb;
  ttls jsonb := '{}'::jsonb;
  running jsonb;
  reply jsonb;
  replies jsonb := '[]'::jsonb;
  after bigint;
  refused boolean;
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM jsonb_array_elements(p_requests) AS r, jsonb_array_elements(r -> 'limits') AS l
    WHERE jsonb_typeof(l) = 'number'
  ) THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  FOR k IN
    SELECT DISTINCT key COLLATE "C" FROM jsonb_array_elements(p_requests) AS r, jsonb_array_elements_text(r -> 'keys') AS key ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(1685221233, hashtext(k));
    live := live || jsonb_build_object(k, COALESCE((SELECT value FROM counters WHERE key = k AND expires_at > p_now), 0));
  END LOOP;
  started := live;
  FOR request IN SELECT value FROM jsonb_array_elements(p_requests) LOOP
    marker := request -> 'marker';
    IF marker IS NOT NULL AND jsonb_typeof(marker) = 'object' THEN
      SELECT doc INTO held FROM documents WHERE collection = marker ->> 'collection' AND id = marker ->> 'id';
      IF held IS NULL OR jsonb_typeof(held) <> 'object' OR held ->> 'marker' IS DISTINCT FROM marker ->> 'marker' THEN
        replies := replies || jsonb_build_array(jsonb_build_array(-1));
        CONTINUE;
      END IF;
    END IF;
    running := live;
    reply := jsonb_build_array(1);
    refused := false;
    FOR i IN 0 .. jsonb_array_length(request -> 'keys') - 1 LOOP
      k := request -> 'keys' ->> i;
      after := (running ->> k)::bigint + (request -> 'amounts' ->> i)::bigint;
      IF jsonb_typeof(request -> 'limits' -> i) = 'number' AND after > (request -> 'limits' ->> i)::numeric THEN
        reply := jsonb_build_array(0, i, (live ->> k)::bigint);
        refused := true;
        EXIT;
      END IF;
      running := running || jsonb_build_object(k, after);
      reply := reply || to_jsonb(after);
    END LOOP;
    IF NOT refused THEN
      FOR i IN 0 .. jsonb_array_length(request -> 'keys') - 1 LOOP
        k := request -> 'keys' ->> i;
        IF NOT ttls ? k THEN ttls := ttls || jsonb_build_object(k, (request ->> 'ttl')::bigint); END IF;
      END LOOP;
      live := running;
    END IF;
    replies := replies || jsonb_build_array(reply);
  END LOOP;
  -- Added as increments: a release (a negative adjust) meanwhile is not overwritten.
  INSERT INTO counters AS c (key, value, expires_at)
    SELECT key, (live ->> key)::bigint - (started ->> key)::bigint, p_now + (ttls ->> key)::bigint
    FROM jsonb_object_keys(ttls) AS key
  ON CONFLICT (key) DO UPDATE SET
    value = CASE WHEN c.expires_at > p_now THEN c.value + excluded.value ELSE excluded.value END,
    expires_at = CASE WHEN c.expires_at > p_now THEN c.expires_at ELSE excluded.expires_at END;
  RETURN replies;
END $$;

-- Claims: a digest's or a watch's run per due time (the key is unique, so a run is taken once),
-- the store guard's record of a loss, budget warnings.
CREATE TABLE claims (
  key text PRIMARY KEY,
  owner text NOT NULL,
  expires_at bigint NOT NULL
);

-- Watches, digests (their last runs inside), seen notices, settings, the app's own state.
CREATE TABLE documents (
  collection text NOT NULL,
  id text NOT NULL,
  team_id text GENERATED ALWAYS AS (doc ->> 'teamId') STORED,
  doc jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection, id)
);
CREATE INDEX documents_by_team ON documents (collection, team_id);

-- Other timestamped logs (lookup history).
CREATE TABLE logs (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  log text NOT NULL,
  at bigint NOT NULL,
  entry jsonb NOT NULL
);
CREATE INDEX logs_by_log_time ON logs (log, at, seq);

-- Only used when PostgreSQL is the whole store (no Redis): cache entries, paced schedules, windows
-- and live replicas.
CREATE TABLE keyv (
  key text PRIMARY KEY,
  value text NOT NULL
);
CREATE TABLE slots (
  key text PRIMARY KEY,
  next_free bigint NOT NULL
);
CREATE TABLE window_starts (
  key text NOT NULL,
  member text NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (key, member)
);
CREATE INDEX window_starts_by_time ON window_starts (key, at);
CREATE TABLE members (
  grp text NOT NULL,
  member text NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (grp, member)
);

-- Down Migration
DROP FUNCTION reserve_counters;
DROP TABLE members;
DROP TABLE window_starts;
DROP TABLE slots;
DROP TABLE keyv;
DROP TABLE logs;
DROP TABLE documents;
DROP TABLE claims;
DROP TABLE counters;
DROP TABLE ledger_days;
DROP TABLE ledger;
