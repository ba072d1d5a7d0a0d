#!/usr/bin/env python3
"""Hostile uploads against a running manifest-service (bench/hostile-uploads.sh starts it as make run does).

HOSTILE_CLIENTS (64) connections post crafted uploads in a loop for HOSTILE_SECONDS (60), each variant in turn,
while HOSTILE_NORMAL_CLIENTS (4) connections validate a typical manifest and a typical package, retrying a 503 after
its Retry-After as curl --retry does. RSS of the service is sampled every 100 ms from /proc. Loopback only; every
request has a 60 s timeout. Prints the figures; exits 1 when the service died, answered a 5xx other than 503, did not
finish a normal validation, or its RSS reached the pod's memory limit.

    hostile_uploads.py <port> <management port> <service pid> <memory limit MiB> <valid manifest.json>
"""

import http.client
import io
import os
import random
import struct
import sys
import threading
import time
import zipfile
import zlib
from collections import Counter

# Sends the whole upload and closes the connection without waiting: its validation still runs on the server.
HANG_UP = "manifest-1m, the client hangs up once it is sent"
KIB = 1024
MIB = 1024 * KIB
PACKAGE_LIMIT = 32 * MIB
TIMEOUT = 60


def png(size):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\x00" + b"\x00\x00\x00" * size
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * size)) + chunk(b"IEND", b""))


def package(manifest, files=(), method=zipfile.ZIP_DEFLATED):
    """A zip of the valid add-on (manifest, entry, icon) plus files, as zipfile writes it."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as z:
        z.writestr("manifest.json", manifest)
        z.writestr("app/index.html", b"<!doctype html><title>Coach</title>")
        z.writestr("assets/icon.png", png(256))
        for name, data in files:
            z.writestr(name, data)
    return out.getvalue()


def near_ratio(size, ratio, rng):
    """size bytes that deflate about ratio:1: zeros with a run of random bytes."""
    noise = size // ratio
    return rng.randbytes(noise) + bytes(size - noise)


def multipart(parts):
    boundary = "pressroom-hostile-boundary"
    body = io.BytesIO()
    for name, data in parts:
        body.write(f'--{boundary}\r\nContent-Disposition: form-data; name="package"; filename="{name}"\r\n'
                   f"Content-Type: application/zip\r\n\r\n".encode())
        body.write(data)
        body.write(b"\r\n")
    body.write(f"--{boundary}--\r\n".encode())
    return f"multipart/form-data; boundary={boundary}", body.getvalue()


def variants(manifest):
    rng = random.Random(31)
    zeros = bytes(64 * KIB)
    bomb = package(manifest, [(f"data/{i}.bin", zeros) for i in range(1023)])
    stored = package(manifest, [(f"data/{i}.bin", zeros) for i in range(508)], zipfile.ZIP_STORED)
    # 1,996 entries of 32 KiB at about 90:1: 62.4 MiB unpacked, under the 2,000 entries, 64 MiB and 100:1 limits.
    near = package(manifest, [(f"data/{i}.bin", near_ratio(32 * KIB, 90, rng)) for i in range(1996)])
    # A 1 MiB manifest of half a million zeros (the validator's costliest input), alone and inside a small package
    # with enough random text to stay under 100:1.
    array = b"[" + b"0," * (MIB // 2 - 2) + b"0]"
    hidden = package(b'{"pad": "' + rng.randbytes(12 * KIB).hex().encode() + b'", "a": ' + array[: MIB - 40 * KIB] + b"]}")
    batch_type, batch = multipart([(f"bomb-{i}.zip", bomb) for i in range(8)])
    return {
        "bomb-176k (1,023 x 64 KiB zeros, deflated)": ("/v1/packages/validate", "application/zip", bomb),
        "stored-32m (508 x 64 KiB zeros, stored)": ("/v1/packages/validate", "application/zip", stored),
        "random-32m (32 MiB random bytes)": ("/v1/packages/validate", "application/zip", rng.randbytes(PACKAGE_LIMIT)),
        "near-limits (1,996 entries, 62 MiB at 90:1)": ("/v1/packages/validate", "application/zip", near),
        "batch of 8 bombs (multipart)": ("/v1/packages/validate", batch_type, batch),
        "manifest-1m (1 MiB array of zeros)": ("/v1/manifests/validate", "application/json", array),
        "package with a 1 MiB manifest": ("/v1/packages/validate", "application/zip", hidden),
        HANG_UP: ("/v1/manifests/validate", "application/json", array),
    }


def post(port, path, content_type, body, hang_up=False):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    try:
        conn.request("POST", path, body=body, headers={"Content-Type": content_type, "Accept": "application/json"})
        if hang_up:
            return "hung up", None
        response = conn.getresponse()
        response.read()
        return response.status, response.getheader("Retry-After")
    except (OSError, http.client.HTTPException) as e:
        return type(e).__name__, None
    finally:
        conn.close()


class Run:
    def __init__(self, args):
        self.port, self.management, self.pid, self.limit_mib = int(args[0]), int(args[1]), int(args[2]), int(args[3])
        with open(args[4], "rb") as f:
            self.manifest = f.read()
        self.deadline = time.monotonic() + int(os.environ.get("HOSTILE_SECONDS", "60"))
        self.lock = threading.Lock()
        self.hostile = {}
        self.normal = {}
        self.rss = []
        self.health = Counter()

    def count(self, table, key, status):
        with self.lock:
            table.setdefault(key, Counter())[status] += 1

    def attacker(self, index, bodies):
        names = list(bodies)
        turn = index
        while time.monotonic() < self.deadline:
            name = names[turn % len(names)]
            turn += 1
            path, content_type, body = bodies[name]
            status, _ = post(self.port, path, content_type, body, hang_up=name == HANG_UP)
            self.count(self.hostile, name, status)
            if status in (503, "hung up") or not isinstance(status, int):
                time.sleep(0.05)  # an attacker would not wait; this only keeps the shared cores for the service

    def client(self, index, requests):
        name, (path, content_type, body) = requests[index % len(requests)]
        while time.monotonic() < self.deadline:
            started = time.monotonic()
            for _ in range(20):
                status, retry_after = post(self.port, path, content_type, body)
                self.count(self.normal, name + " (attempts)", status)
                if status != 503:
                    break
                time.sleep(float(retry_after or 1))
            with self.lock:
                self.normal.setdefault(name + " (latency)", []).append((time.monotonic() - started, status))
            time.sleep(0.05)

    def sampler(self):
        while time.monotonic() < self.deadline + 2:
            self.rss.append(status_kib(self.pid, "VmRSS"))
            time.sleep(0.1)

    def prober(self):
        while time.monotonic() < self.deadline:
            conn = http.client.HTTPConnection("127.0.0.1", self.management, timeout=5)
            try:
                conn.request("GET", "/q/health/live")
                self.health[conn.getresponse().status] += 1
            except (OSError, http.client.HTTPException) as e:
                self.health[type(e).__name__] += 1
            finally:
                conn.close()
            time.sleep(1)


def status_kib(pid, field):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return 0
    return 0


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")


def main():
    run = Run(sys.argv[1:])
    bodies = variants(run.manifest)
    for name, (_, _, body) in bodies.items():
        print(f"variant     {name}: {len(body):,} bytes")
    normal_requests = [
        ("typical manifest", ("/v1/manifests/validate", "application/json", run.manifest)),
        ("typical package", ("/v1/packages/validate", "application/zip", package(run.manifest))),
    ]
    clients = int(os.environ.get("HOSTILE_CLIENTS", "64"))
    normals = int(os.environ.get("HOSTILE_NORMAL_CLIENTS", "4"))
    threads = [threading.Thread(target=run.sampler), threading.Thread(target=run.prober)]
    threads += [threading.Thread(target=run.attacker, args=(i, bodies)) for i in range(clients)]
    threads += [threading.Thread(target=run.client, args=(i, normal_requests)) for i in range(normals)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - started

    alive = status_kib(run.pid, "VmRSS") > 0
    peak_kib = status_kib(run.pid, "VmHWM")
    sampled_mib = max(run.rss) / KIB if run.rss else 0
    print(f"run         {clients} hostile + {normals} normal connections for {elapsed:.0f} s; service alive: {alive}")
    print(f"rss         peak (VmHWM) {peak_kib / KIB:.0f} MiB, highest sample {sampled_mib:.0f} MiB, "
          f"pod limit {run.limit_mib} MiB")
    print(f"liveness    {dict(run.health)}")
    failures = []
    for name, statuses in run.hostile.items():
        print(f"hostile     {name}: {dict(sorted(statuses.items(), key=str))}")
        failures += [f"{name}: {s}" for s in statuses if s not in (200, 413, 422, 503, "hung up")]
    for name, value in sorted(run.normal.items()):
        if isinstance(value, Counter):
            print(f"normal      {name}: {dict(sorted(value.items(), key=str))}")
            continue
        seconds = [s * 1000 for s, _ in value]
        unfinished = sum(1 for _, status in value if status not in (200,))
        print(f"normal      {name}: {len(value)} validations, p50 {percentile(seconds, 50):.0f} ms, "
              f"p90 {percentile(seconds, 90):.0f} ms, p99 {percentile(seconds, 99):.0f} ms, "
              f"max {max(seconds):.0f} ms (retries included), not 200 in the end: {unfinished}")
        if unfinished:
            failures.append(f"{name}: {unfinished} normal validations did not succeed")
    if not alive:
        failures.append("the service died")
    if peak_kib / KIB >= run.limit_mib:
        failures.append(f"RSS peak {peak_kib / KIB:.0f} MiB reached the pod's limit")
    for failure in failures:
        print(f"FAILED      {failure}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
