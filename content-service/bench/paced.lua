-- Paces each wrk connection: after each answer it waits a random pause, exponentially distributed with mean
-- BENCH_PAUSE_MS, before its next request. 32 connections then offer about 32000 / BENCH_PAUSE_MS requests/s as
-- independent (Poisson-like) arrivals instead of a saturated closed loop; wrk times each request from its sending.
local mean = tonumber(os.getenv("BENCH_PAUSE_MS"))

function init(args)
  -- Each wrk thread has its own Lua state: seed each differently so their pauses do not move in step.
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)"), 16) % 1000003)
end

function delay()
  return -math.log(1 - math.random()) * mean
end
