-- The warm-up window's traffic (run.sh): what a Ghost front end and a feed reader fetch, one path after another per
-- connection. BENCH_MIX_PATHS holds the paths, separated by spaces; wrk's -H headers (the key) go with each.
local paths = {}
for path in string.gmatch(os.getenv("BENCH_MIX_PATHS") or "", "%S+") do
  paths[#paths + 1] = path
end
local next_path = 0

function request()
  next_path = next_path % #paths + 1
  return wrk.format("GET", paths[next_path])
end
