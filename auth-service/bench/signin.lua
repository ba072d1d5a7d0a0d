-- Sign-in with a fresh browser: GET authorize (no cookies) -> sign-in page -> POST /signin -> 303 with code.
local email, password, challenge, client_id = os.getenv("B_EMAIL"), os.getenv("B_PASSWORD"), os.getenv("B_CHALLENGE"),
  os.getenv("B_CLIENT")
local redirect = "http%3A%2F%2F127.0.0.1%3A9999%2Fcb"
local form = nil

function request()
  if form == nil then
    return wrk.format("GET", "/oauth/authorize?response_type=code&client_id=" .. client_id .. "&redirect_uri=" .. redirect
      .. "&scope=openid&state=s&nonce=n&code_challenge=" .. challenge .. "&code_challenge_method=S256")
  end
  local f = form
  form = nil
  return wrk.format("POST", "/signin", { ["Cookie"] = "pr_csrf=" .. f.csrf,
    ["Content-Type"] = "application/x-www-form-urlencoded" },
    "request=" .. f.request .. "&csrf=" .. f.csrf .. "&email=" .. email .. "&password=" .. password)
end

function response(status, headers, body)
  if status == 200 then
    local request_id = string.match(body, 'name="request" value="([^"]+)"')
    local csrf = string.match(body, 'name="csrf" value="([^"]+)"')
    if request_id and csrf then form = { request = request_id, csrf = csrf } end
  end
end

function done(summary, latency, requests)
  io.write(string.format("RESULT signins_per_s=%.1f errors=%d\n", summary.requests / 2 / (summary.duration / 1e6),
    summary.errors.status))
end
