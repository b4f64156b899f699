-- wrk script of bench_federation: one connection per thread, each thread its own tables.
-- Submissions: deal after deal round its tables, each with a fresh idempotency key, so
-- every one is valid (a deal may be entered once the one before it is). The plan (tables, their
-- pads' marks, the marks of their fresh forms, cookies, CSRF token per thread) is a Lua file written by the bench: the first
-- argument.
-- "minimal" as the second argument posts to the bench's minimal write view instead; "whole"
-- sends no pad's mark, so each answer brings the whole pad, going on from the deal each
-- connection reached (the third argument: each connection's requests so far, comma-separated).
local threads = {}

function setup(thread)
  thread:set("index", #threads)
  table.insert(threads, thread)
end

function init(args)
  dofile(args[1])
  minimal = args[2] == "minimal"
  whole = args[2] == "whole"
  me = PLAN[index + 1]
  step = 0
  if whole then
    local at = 0
    for done in string.gmatch(args[3], "%d+") do
      if at == index then step = tonumber(done) end
      at = at + 1
    end
  end
end

function request()
  local count = #me.tokens
  local at = step % count + 1
  last = at
  local deal = math.floor(step / count) + 1
  step = step + 1
  if minimal then
    local body = string.format("game=%d&number=%d&event=%d", me.games[at], 1000 + deal, EVENT)
    return wrk.format("POST", "/bench/write/",
      {["Content-Type"] = "application/x-www-form-urlencoded"}, body)
  end
  local key = string.format("%s-%d-%d-%d", RUN, index, at, deal)
  local body = string.format("number=%d&idempotency_key=%s&expected_version=&mark=%s&%s",
    deal, key, whole and "-" or me.pad_marks[at], DEAL)
  return wrk.format("POST", "/t/" .. me.tokens[at] .. "/entry/", {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Cookie"] = me.cookie,
    ["X-CSRFToken"] = me.csrf,
    ["HX-Request"] = "true",
    ["X-Meld-Fresh"] = me.fresh[at],
  }, body)
end

-- The phone's pad takes the mark its answer brings (one request at a time per connection).
function response(status, headers, body)
  if not minimal then
    local pad_mark = body:match('name="mark" value="(%x+)"')
    if pad_mark then me.pad_marks[last] = pad_mark end
  end
end

function done(summary, latency, requests)
  local steps = {}
  for _, thread in ipairs(threads) do table.insert(steps, tostring(thread:get("step"))) end
  io.write(string.format(
    'WRK {"steps": "%s", "requests": %d, "seconds": %.3f, "p50_ms": %.2f, "p95_ms": %.2f, "p99_ms": %.2f, ' ..
    '"status_errors": %d, "socket_errors": %d}\n',
    table.concat(steps, ","), summary.requests, summary.duration / 1e6, latency:percentile(50) / 1e3,
    latency:percentile(95) / 1e3, latency:percentile(99) / 1e3, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
