-- Password sign-in with a fresh browser, to the authorization code: GET authorize (no cookies), then whatever the
-- server answers, as a browser would: follow its redirects on its own host, fill its sign-in form (email, password)
-- and its consent form (allow), until it redirects to the client with a code. One flow is one sign-in, however many
-- requests the server needs (auth-service: authorize -> sign-in page, POST /signin -> 303 with code; oidc-provider:
-- authorize -> 303 interaction -> page, POST login -> 303 resume -> 303 with code). Drives both servers alike.
-- Each wrk thread (one connection) is one person with their own account at their own address (X-Forwarded-For
-- through the trusted proxy 127.0.0.1), as when many people sign in: one account signing in many times at once from
-- one address is a guessing burst, which the sign-in limits refuse unevaluated (README, "Brute force").
-- wrk hands a script only the last of several Set-Cookie headers: the cookies a flow needs are that last one (the
-- session), the form's CSRF value (auth-service's double-submit cookie) and oidc-provider's interaction cookies,
-- whose value is the interaction's id in the redirect's path.
local password, challenge, client_id = os.getenv("B_PASSWORD"), os.getenv("B_CHALLENGE"), os.getenv("B_CLIENT")
local people = {}

function setup(thread)
  table.insert(people, thread)
  thread:set("person", #people)
end

function init(args)
  email = (os.getenv("B_SIGNIN_EMAIL"):gsub("{n}", tostring(person)))
  address = "198.51.100." .. person
  flows, failures, refused = 0, 0, 0
end

local authorize = "/oauth/authorize?response_type=code&client_id=" .. client_id
  .. "&redirect_uri=http%3A%2F%2F127.0.0.1%3A9999%2Fcb&scope=openid&state=s&nonce=n&code_challenge=" .. challenge
  .. "&code_challenge_method=S256"
local pending = nil -- the browser's next request: { method, path, body }
local cookies = {}

local function cookie_header()
  local parts = {}
  for name, value in pairs(cookies) do table.insert(parts, name .. "=" .. value) end
  return table.concat(parts, "; ")
end

local function restart()
  pending, cookies = nil, {}
end

function request()
  if pending == nil then
    cookies = {}
    return wrk.format("GET", authorize, { ["X-Forwarded-For"] = address })
  end
  local p = pending
  pending = nil
  local headers = { ["X-Forwarded-For"] = address, ["Cookie"] = cookie_header() }
  if p.body then headers["Content-Type"] = "application/x-www-form-urlencoded" end
  return wrk.format(p.method, p.path, headers, p.body)
end

function response(status, headers, body)
  local set_cookie = headers["Set-Cookie"] or headers["set-cookie"]
  if set_cookie then
    local name, value = string.match(set_cookie, "^%s*([^=;]+)=([^;]*)")
    if name then cookies[name] = value end
  end
  if status == 302 or status == 303 then
    local location = headers["Location"] or headers["location"] or ""
    if string.find(location, "^http://127%.0%.0%.1:9999/") then
      if string.match(location, "[?&]code=") then flows = flows + 1 else failures = failures + 1 end
      return restart()
    end
    local path = string.gsub(location, "^https?://[^/]+", "")
    local interaction = string.match(path, "^/interaction/([^/?#]+)")
    if interaction then
      cookies["_interaction"], cookies["_interaction_resume"] = interaction, interaction
    end
    pending = { method = "GET", path = path }
  elseif status == 200 then
    if string.find(body, "Too many failed sign-ins", 1, true) then refused = refused + 1 end
    -- The page's first form: auth-service's sign-in page has a second one, for passkeys.
    local action, form = string.match(body, '<form method="post" action="([^"]+)"(.-)</form>')
    if not action then
      failures = failures + 1
      return restart()
    end
    local fields = {}
    for name, value in string.gmatch(form, '<input type="hidden" name="([^"]+)" value="([^"]*)"') do
      table.insert(fields, name .. "=" .. value)
      if name == "csrf" then cookies["pr_csrf"] = value end
    end
    if string.find(form, 'name="password"', 1, true) then
      table.insert(fields, "email=" .. email)
      table.insert(fields, "password=" .. password)
    else
      table.insert(fields, "decision=allow")
    end
    pending = { method = "POST", path = action, body = table.concat(fields, "&") }
  else
    failures = failures + 1
    restart()
  end
end

function done(summary, latency, requests)
  local total, failed, refusals = 0, 0, 0
  for _, thread in ipairs(people) do
    total = total + thread:get("flows")
    failed = failed + thread:get("failures")
    refusals = refusals + thread:get("refused")
  end
  io.write(string.format("RESULT ops_per_s=%.1f errors=%d refused=%d\n", total / (summary.duration / 1e6), failed,
    refusals))
end
