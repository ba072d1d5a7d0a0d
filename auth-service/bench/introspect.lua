-- Introspection of a live access token by its confidential client.
wrk.method = "POST"
wrk.headers["Authorization"] = "Basic " .. os.getenv("B_BASIC")
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.body = "token=" .. os.getenv("B_TOKEN")
