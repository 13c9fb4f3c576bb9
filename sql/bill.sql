-- The as-billed bill of a trace (SPEC §10, §12, §13): each call priced by
-- the row of its table key in force on its UTC day, at the tier its prompt
-- chooses, for the counts it logged, plus its server-tool fees.
--
-- Reads the views `calls` and `prices` (docs/sql.md "The export"). Returns
-- one row per (breakdown, key): breakdown is 'total', 'model', 'conversation',
-- 'day', 'project', 'branch', 'source' (USD columns filled), or 'unpriced'
-- (calls by model as written), 'toolRequests', 'unpricedToolRequests'
-- (requests by kind).
WITH
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
priced AS (
  SELECT
    c.*,
    c.input_tokens + c.cache_read_tokens + c.cache_write_5m_tokens + c.cache_write_1h_tokens AS prompt,
    -- An undated call takes the latest row: its day sorts after every date.
    coalesce(c.day, chr(1114111)) AS day_key
  FROM calls c
  WHERE c.price_key IS NOT NULL
),
in_force AS (
  SELECT p.*, coalesce(r.row_index, e.row_index) AS row_index
  FROM priced p
  ASOF LEFT JOIN rows_by_date r ON r.price_key = p.price_key AND p.day_key >= r.from_key
  LEFT JOIN earliest e ON e.price_key = p.price_key
),
rated AS (
  SELECT
    f.*,
    pr.billed_tool_fees,
    f.prompt > coalesce(pr.long_threshold_tokens, 9223372036854775807) AS long_tier,
    CASE WHEN long_tier THEN pr.long_input ELSE pr.input END AS input_rate,
    coalesce(CASE WHEN long_tier THEN pr.long_output END, pr.output) AS output_rate,
    coalesce(CASE WHEN long_tier THEN pr.long_cache_read END, pr.cache_read, input_rate) AS cache_read_rate,
    coalesce(CASE WHEN long_tier THEN pr.long_cache_write END, pr.cache_write, input_rate) AS cache_write_rate,
    coalesce(CASE WHEN long_tier THEN pr.long_cache_write_1h END, pr.cache_write_1h, cache_write_rate) AS cache_write_1h_rate
  FROM in_force f
  JOIN prices pr ON pr.price_key = f.price_key AND pr.row_index = f.row_index
),
requests AS (
  SELECT position, price_key, billed_tool_fees, unnest(tool_requests, recursive := true)
  FROM rated
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
billed AS (
  SELECT
    r.conversation_id,
    r.price_key,
    coalesce(r.day, 'undated') AS day_key,
    coalesce(r.project, '') AS project_key,
    coalesce(r.git_branch, '') AS branch_key,
    r.source,
    r.input_tokens * (r.input_rate / 1000000::DOUBLE) AS input_usd,
    r.cache_read_tokens * (r.cache_read_rate / 1000000::DOUBLE) AS cache_read_usd,
    r.cache_write_5m_tokens * (r.cache_write_rate / 1000000::DOUBLE) AS cache_write_5m_usd,
    r.cache_write_1h_tokens * (r.cache_write_1h_rate / 1000000::DOUBLE) AS cache_write_1h_usd,
    r.output_tokens * (r.output_rate / 1000000::DOUBLE) AS output_usd,
    coalesce(fb.tool_fees_usd, 0::DOUBLE) AS tool_fees_usd
  FROM rated r
  LEFT JOIN fee_by_call fb USING (position)
),
breakdowns AS (
  SELECT
    CASE
      WHEN grouping(price_key) = 0 THEN 'model'
      WHEN grouping(conversation_id) = 0 THEN 'conversation'
      WHEN grouping(day_key) = 0 THEN 'day'
      WHEN grouping(project_key) = 0 THEN 'project'
      WHEN grouping(branch_key) = 0 THEN 'branch'
      WHEN grouping(source) = 0 THEN 'source'
      ELSE 'total'
    END AS breakdown,
    coalesce(price_key, conversation_id, day_key, project_key, branch_key, source) AS key,
    count(*) AS calls,
    sum(input_usd + cache_read_usd + cache_write_5m_usd + cache_write_1h_usd + output_usd + tool_fees_usd) AS total_usd,
    sum(input_usd) AS input_usd,
    sum(cache_read_usd) AS cache_read_usd,
    sum(cache_write_5m_usd) AS cache_write_5m_usd,
    sum(cache_write_1h_usd) AS cache_write_1h_usd,
    sum(output_usd) AS output_usd,
    sum(tool_fees_usd) AS tool_fees_usd,
    NULL::BIGINT AS requests
  FROM billed
  GROUP BY GROUPING SETS ((), (price_key), (conversation_id), (day_key), (project_key), (branch_key), (source))
),
all_requests AS (
  SELECT c.price_key, unnest(c.tool_requests, recursive := true) FROM calls c
),
counts AS (
  SELECT 'unpriced' AS breakdown, model AS key, count(*) AS calls, NULL::BIGINT AS requests
  FROM calls WHERE price_key IS NULL GROUP BY model
  UNION ALL
  SELECT 'toolRequests', kind, NULL, sum(count)::BIGINT
  FROM all_requests WHERE price_key IS NOT NULL GROUP BY kind
  UNION ALL
  SELECT 'unpricedToolRequests', kind, NULL, sum(count)::BIGINT
  FROM (
    SELECT kind, count FROM all_requests WHERE price_key IS NULL
    UNION ALL
    SELECT kind, count FROM fees WHERE fee IS NULL
  )
  GROUP BY kind
)
SELECT * FROM breakdowns
UNION ALL
SELECT breakdown, key, calls, NULL, NULL, NULL, NULL, NULL, NULL, NULL, requests FROM counts
ORDER BY breakdown, key
