-- Refresh rotation: each thread owns one refresh-token chain (B_RT_<n>) and always presents the newest token.
local client_auth = os.getenv("B_BASIC")
local counter = 0
local threads = {}

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
  if status == 200 then
    rt = string.match(body, '"refresh_token":"([^"]+)"')
  end
end

function done(summary, latency, requests)
  io.write(string.format("RESULT rotations_per_s=%.1f errors=%d\n", summary.requests / (summary.duration / 1e6),
    summary.errors.status))
end
