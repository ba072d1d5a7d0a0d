-- Introspection of a live access token by its confidential client; only an answer with "active":true counts.
-- Drives auth-service and the anchor alike.
wrk.method = "POST"
wrk.headers["Authorization"] = "Basic " .. os.getenv("B_BASIC")
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.body = "token=" .. os.getenv("B_TOKEN")
local threads = {}
active, failures = 0, 0

function setup(thread)
  table.insert(threads, thread)
end

function response(status, headers, body)
  if status == 200 and string.find(body, '"active":true', 1, true) then
    active = active + 1
  else
    failures = failures + 1
  end
end

function done(summary, latency, requests)
  local total, failed = 0, 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("active")
    failed = failed + thread:get("failures")
  end
  io.write(string.format("RESULT ops_per_s=%.1f errors=%d\n", total / (summary.duration / 1e6), failed))
end
