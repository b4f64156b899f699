-- wrk script of bench_federation: one connection per thread, each thread its own tables.
-- Submissions: deal after deal round its tables, each with a fresh idempotency key, so
-- every one is valid (a deal may be entered once the one before it is). The plan (tables,
-- cookies, CSRF token per thread) is a Lua file written by the bench: the first argument.
-- "minimal" as the second argument posts to the bench's minimal write view instead.
local threads = {}

function setup(thread)
  thread:set("index", #threads)
  table.insert(threads, thread)
end

function init(args)
  dofile(args[1])
  minimal = args[2] == "minimal"
  me = PLAN[index + 1]
  step = 0
end

function request()
  local count = #me.tokens
  local at = step % count + 1
  local deal = math.floor(step / count) + 1
  step = step + 1
  if minimal then
    local body = string.format("game=%d&number=%d&event=%d", me.games[at], 1000 + deal, EVENT)
    return wrk.format("POST", "/bench/write/",
      {["Content-Type"] = "application/x-www-form-urlencoded"}, body)
  end
  local key = string.format("%s-%d-%d-%d", RUN, index, at, deal)
  local body = string.format("number=%d&idempotency_key=%s&expected_version=&%s&%s", deal, key, DEAL,
    me.drawn[at])
  return wrk.format("POST", "/t/" .. me.tokens[at] .. "/entry/", {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Cookie"] = me.cookie,
    ["X-CSRFToken"] = me.csrf,
    ["HX-Request"] = "true",
  }, body)
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
