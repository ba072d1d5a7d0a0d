-- Refresh rotation: each thread owns one refresh-token chain (B_RT_<n>) and always presents the newest token.
-- Drives auth-service and the anchor alike.
local client_auth = os.getenv("B_BASIC")
local counter = 0
local threads = {}
rotations, failures = 0, 0

function setup(thread)
  counter = counter + 1
  thread:set("rt", os.getenv("B_RT_" .. counter))
  table.insert(threads, thread)
end

function request()
  return wrk.format("POST", "/oauth/token", { ["Authorization"] = "Basic " .. client_auth,
    ["Content-Type"] = "application/x-www-form-urlencoded" }, "grant_type=refresh_token&refresh_token=" .. rt)
end

function response(status, headers, body)
  local next_rt = status == 200 and string.match(body, '"refresh_token":"([^"]+)"')
  if next_rt and string.find(body, '"id_token"', 1, true) then
    rt = next_rt
    rotations = rotations + 1
  else
    failures = failures + 1
  end
end

function done(summary, latency, requests)
  local total, failed = 0, 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("rotations")
    failed = failed + thread:get("failures")
  end
  io.write(string.format("RESULT ops_per_s=%.1f errors=%d\n", total / (summary.duration / 1e6), failed))
end
