-- Sign-in with a fresh browser: GET authorize (no cookies) -> sign-in page -> POST /signin -> 303 with code.
-- Each wrk thread (one connection) is one person with their own account at their own address (X-Forwarded-For
-- through the trusted proxy 127.0.0.1), as when many people sign in: one account signing in many times at once from
-- one address is a guessing burst, which the sign-in limits refuse unevaluated (README, "Brute force").
local password, challenge, client_id = os.getenv("B_PASSWORD"), os.getenv("B_CHALLENGE"), os.getenv("B_CLIENT")
local people = {}

function setup(thread)
  table.insert(people, thread)
  thread:set("person", #people)
end

function init(args)
  email = (os.getenv("B_SIGNIN_EMAIL"):gsub("{n}", tostring(person)))
  address = "198.51.100." .. person
  refused = 0
end

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
    ["Content-Type"] = "application/x-www-form-urlencoded", ["X-Forwarded-For"] = address },
    "request=" .. f.request .. "&csrf=" .. f.csrf .. "&email=" .. email .. "&password=" .. password)
end

function response(status, headers, body)
  if status == 200 then
    if string.find(body, "Too many failed sign-ins", 1, true) then refused = refused + 1 end
    local request_id = string.match(body, 'name="request" value="([^"]+)"')
    local csrf = string.match(body, 'name="csrf" value="([^"]+)"')
    if request_id and csrf then form = { request = request_id, csrf = csrf } end
  end
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(people) do total = total + thread:get("refused") end
  io.write(string.format("RESULT signins_per_s=%.1f errors=%d refused=%d\n",
    summary.requests / 2 / (summary.duration / 1e6), summary.errors.status, total))
end
