-- The replay of a trace (SPEC §11, §13.1, §13.6, §13.7): each conversation's
-- calls re-priced in time order on a target model and cache TTL. A call keeps
-- its time (an undated one comes 0 s after the previous call of its
-- conversation, a first one at 0), its prompt and its output. The cache entry
-- a call finds for its target row is the previous cacheable call of its
-- conversation on that row: a window, so no state crosses conversations.
--
-- Reads the views `calls` and `prices` (docs/sql.md "The export") and two
-- parameter tables (docs/sql.md "Replay parameters"):
--   replay_plan(as_run BOOLEAN, ttl_seconds DOUBLE), one row: as run keeps
--     every call on its own model with its conversation's TTL (3,600 s when
--     any of its calls wrote 1-hour tokens, else 300 s) and adds the
--     calibration; otherwise ttl_seconds applies to rows that cache explicitly.
--   mapping(from_model VARCHAR, to_model VARCHAR, to_price_key VARCHAR): a
--     target for a model as written in the trace; from_model NULL is every
--     call. to_price_key is the table key the target's name finds; NULL
--     takes to_model when it is a key itself. Unlisted models stay on their own.
-- Returns one row per (breakdown, key): 'total' (USD and token columns,
-- within_two_percent when as run, reconciling), 'unpriced' (calls left out
-- by target model) and 'unpricedToolRequests' (requests by kind).
WITH
plan AS (
  SELECT as_run, ttl_seconds FROM replay_plan LIMIT 1
),
price_keys AS (
  SELECT DISTINCT price_key FROM prices
),
-- Of rows with the same effectiveFrom, the first in array order (SPEC §13.6 a).
rows_by_date AS (
  SELECT price_key, row_index, coalesce(effective_from, '') AS from_key
  FROM prices
  QUALIFY row_number() OVER (PARTITION BY price_key, coalesce(effective_from, '') ORDER BY row_index) = 1
),
-- When every row starts after the call's day: the earliest row.
earliest AS (
  SELECT price_key, row_index
  FROM rows_by_date
  QUALIFY row_number() OVER (PARTITION BY price_key ORDER BY from_key, row_index) = 1
),
timed AS (
  SELECT
    c.*,
    c.input_tokens + c.cache_read_tokens + c.cache_write_5m_tokens + c.cache_write_1h_tokens AS prompt,
    -- The clock runs over every call of the conversation, reconciling and unpriced ones too.
    coalesce(
      c.at_seconds,
      last_value(c.at_seconds IGNORE NULLS) OVER (
        PARTITION BY c.conversation_id ORDER BY c.position
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
      ),
      0::DOUBLE
    ) AS replay_at,
    CASE
      WHEN NOT p.as_run THEN p.ttl_seconds
      WHEN max(c.cache_write_1h_tokens) OVER (PARTITION BY c.conversation_id) > 0 THEN 3600::DOUBLE
      ELSE 300::DOUBLE
    END AS chosen_ttl,
    p.as_run
  FROM calls c CROSS JOIN plan p
),
targeted AS (
  SELECT
    t.*,
    CASE WHEN t.as_run THEN t.model ELSE coalesce(m.to_model, a.to_model, t.model) END AS target_model,
    CASE
      WHEN t.as_run OR coalesce(m.to_model, a.to_model) IS NULL THEN t.price_key
      WHEN m.to_model IS NOT NULL THEN coalesce(m.to_price_key, km.price_key)
      ELSE coalesce(a.to_price_key, ka.price_key)
    END AS target_key
  FROM timed t
  LEFT JOIN mapping m ON m.from_model = t.model
  LEFT JOIN (SELECT * FROM mapping WHERE from_model IS NULL) a ON true
  LEFT JOIN price_keys km ON km.price_key = m.to_model
  LEFT JOIN price_keys ka ON ka.price_key = a.to_model
),
-- Reconciling calls have no prompt of their own to replay; calls whose target has no row are left out.
kept AS (
  SELECT *, coalesce(day, chr(1114111)) AS day_key
  FROM targeted
  WHERE kind <> 'reconciling' AND target_key IS NOT NULL
),
-- The target row in force on the call's own UTC day; an undated call takes the latest.
in_force AS (
  SELECT k.*, coalesce(r.row_index, e.row_index) AS row_index
  FROM kept k
  ASOF LEFT JOIN rows_by_date r ON r.price_key = k.target_key AND k.day_key >= r.from_key
  LEFT JOIN earliest e ON e.price_key = k.target_key
),
rated AS (
  SELECT
    f.*,
    pr.billed_tool_fees,
    f.prompt >= coalesce(pr.min_cacheable_tokens, 0) AS cacheable,
    pr.billed_cache_mode = 'automatic' AS automatic,
    CASE WHEN automatic THEN pr.billed_automatic_cache_ttl_seconds ELSE f.chosen_ttl END AS ttl,
    f.prompt > coalesce(pr.long_threshold_tokens, 9223372036854775807) AS long_tier,
    CASE WHEN long_tier THEN pr.long_input ELSE pr.input END AS input_rate,
    coalesce(CASE WHEN long_tier THEN pr.long_output END, pr.output) AS output_rate,
    coalesce(CASE WHEN long_tier THEN pr.long_cache_read END, pr.cache_read, input_rate) AS cache_read_rate,
    coalesce(CASE WHEN long_tier THEN pr.long_cache_write END, pr.cache_write, input_rate) AS cache_write_rate,
    coalesce(CASE WHEN long_tier THEN pr.long_cache_write_1h END, pr.cache_write_1h) AS given_1h_rate
  FROM in_force f
  JOIN prices pr ON pr.price_key = f.target_key AND pr.row_index = f.row_index
),
-- The entry a call finds: the previous cacheable call of its conversation on the same row.
entries AS (
  SELECT
    r.*,
    last_value(CASE WHEN r.cacheable THEN {'tokens': r.prompt, 'last_use': r.replay_at} END IGNORE NULLS) OVER (
      PARTITION BY r.conversation_id, r.target_key ORDER BY r.position
      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
    ) AS entry
  FROM rated r
),
replayed AS (
  SELECT
    e.*,
    e.entry IS NOT NULL AND e.replay_at - e.entry.last_use < e.ttl AND e.prompt >= e.entry.tokens AS warm,
    CASE WHEN e.cacheable AND warm THEN e.entry.tokens ELSE 0 END AS cached,
    CASE WHEN e.cacheable THEN e.prompt - cached ELSE 0 END AS write,
    CASE WHEN e.cacheable THEN 0 ELSE e.prompt END AS uncached,
    CASE
      WHEN NOT e.automatic AND e.ttl = 3600 AND e.given_1h_rate IS NOT NULL THEN e.given_1h_rate
      ELSE e.cache_write_rate
    END AS write_rate
  FROM entries e
),
requests AS (
  SELECT position, billed_tool_fees, unnest(tool_requests, recursive := true)
  FROM replayed
),
fees AS (
  SELECT
    q.position,
    q.kind,
    q.count,
    list_filter(q.billed_tool_fees, x -> x.kind = q.kind)[1].usd_per_1000 AS fee
  FROM requests q
),
fee_by_call AS (
  SELECT position, sum((count * fee) / 1000) AS tool_fees_usd
  FROM fees
  WHERE fee IS NOT NULL
  GROUP BY position
),
costed AS (
  SELECT
    r.*,
    coalesce(fb.tool_fees_usd, 0::DOUBLE) AS tool_fees_usd,
    r.cached * (r.cache_read_rate / 1000000::DOUBLE)
      + r.write * (r.write_rate / 1000000::DOUBLE)
      + r.uncached * (r.input_rate / 1000000::DOUBLE)
      + r.output_tokens * (r.output_rate / 1000000::DOUBLE)
      + coalesce(fb.tool_fees_usd, 0::DOUBLE) AS cost_usd
  FROM replayed r
  LEFT JOIN fee_by_call fb USING (position)
),
total AS (
  SELECT
    'total' AS breakdown,
    NULL::VARCHAR AS key,
    count(*) AS calls,
    coalesce(sum(cost_usd), 0::DOUBLE) AS total_usd,
    coalesce(sum(cached), 0)::BIGINT AS cached_tokens,
    coalesce(sum(write), 0)::BIGINT AS write_tokens,
    coalesce(sum(uncached), 0)::BIGINT AS uncached_tokens,
    coalesce(sum(tool_fees_usd), 0::DOUBLE) AS tool_fees_usd,
    CASE
      WHEN (SELECT as_run FROM plan)
      THEN count(*) FILTER (WHERE abs(cache_read_tokens - cached) <= 0.02 * prompt)
    END AS within_two_percent,
    (SELECT count(*) FROM targeted WHERE kind = 'reconciling') AS reconciling,
    NULL::BIGINT AS requests
  FROM costed
),
counts AS (
  SELECT 'unpriced' AS breakdown, target_model AS key, count(*) AS calls, NULL::BIGINT AS requests
  FROM targeted
  WHERE kind <> 'reconciling' AND target_key IS NULL
  GROUP BY target_model
  UNION ALL
  SELECT 'unpricedToolRequests', kind, NULL, sum(count)::BIGINT
  FROM fees
  WHERE fee IS NULL
  GROUP BY kind
)
SELECT * FROM total
UNION ALL
SELECT breakdown, key, calls, NULL, NULL, NULL, NULL, NULL, NULL, NULL, requests FROM counts
ORDER BY breakdown, key
