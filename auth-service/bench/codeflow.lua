-- Code flow with an existing session: GET authorize -> 302/303 with code -> POST token (ID token signed).
-- One connection per thread (-t N -c N), so each thread's state machine sees only its own answers. Drives
-- auth-service and the anchor alike (bench/run.sh sets B_COOKIE to the server's session cookie).
local cookie, client_auth, challenge, verifier, client_id = os.getenv("B_COOKIE"), os.getenv("B_BASIC"),
  os.getenv("B_CHALLENGE"), os.getenv("B_VERIFIER"), os.getenv("B_CLIENT")
local redirect = "http%3A%2F%2F127.0.0.1%3A9999%2Fcb"
local threads = {}
local code = nil
flows, failures = 0, 0

function setup(thread)
  table.insert(threads, thread)
end

function request()
  if code == nil then
    return wrk.format("GET", "/oauth/authorize?response_type=code&client_id=" .. client_id .. "&redirect_uri=" .. redirect
      .. "&scope=openid%20profile%20email&state=s&nonce=n&code_challenge=" .. challenge .. "&code_challenge_method=S256",
      { ["Cookie"] = cookie })
  end
  local body = "grant_type=authorization_code&code=" .. code .. "&redirect_uri=" .. redirect .. "&code_verifier=" .. verifier
  code = nil
  return wrk.format("POST", "/oauth/token", { ["Authorization"] = "Basic " .. client_auth,
    ["Content-Type"] = "application/x-www-form-urlencoded" }, body)
end

function response(status, headers, body)
  if status == 302 or status == 303 then
    local location = headers["Location"] or headers["location"] or ""
    code = string.match(location, "[?&]code=([^&]+)")
    if code == nil then failures = failures + 1 end
  elseif status == 200 and string.find(body, '"id_token"', 1, true) then
    flows = flows + 1
  else
    failures = failures + 1
  end
end

function done(summary, latency, requests)
  local total, failed = 0, 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("flows")
    failed = failed + thread:get("failures")
  end
  io.write(string.format("RESULT ops_per_s=%.1f errors=%d\n", total / (summary.duration / 1e6), failed))
end
