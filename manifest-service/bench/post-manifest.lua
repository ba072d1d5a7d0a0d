-- wrk script: POST the manifest file named by MANIFEST (a typical valid manifest by default).
local path = os.getenv("MANIFEST") or "manifest-engine/src/test/resources/manifests/valid/feature-app.json"
local file = assert(io.open(path, "rb"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"

done = function(summary, latency, requests)
  io.write(string.format("wrk-summary requests/s=%.0f p50=%.2fms p90=%.2fms p99=%.2fms max=%.2fms errors=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout))
end
