# The one entry point: every target is a thin wrapper around ./mvnw and the scripts in scripts/.
SHELL := /bin/bash
comma := ,
SERVICES := manifest-service content-service auth-service
# Built natively too: the three services and the pressroom-manifest CLI (manifest-cli).
NATIVE_APPS := $(SERVICES) manifest-cli
MVNW := ./mvnw -B
# Runs a command with PostgreSQL and Redis ensured (private instances are stopped again afterwards).
WITH_DATASTORES := scripts/with-datastores.sh

.PHONY: help deps build run stop lint licenses notice release test test-npm test-run-signals test-under-load bench bench-anchor bench-micro fuzz fuzz-http faults soak import import-ghost native-sources native native-analysis native-test native-ci images clean

help:
	@echo "make run             build what changed, start PostgreSQL/Redis if needed and all three services with demo data"
	@echo "make stop            stop what make run started"
	@echo "make deps            the system packages the tests and benchmarks use (apt-get; skips what is there)"
	@echo "make build           build each service's runnable jar whose sources changed (what make run starts) and the CLI's"
	@echo "make lint            formatting (Spotless), javac -Xlint and Error Prone, shellcheck, licences: fails on any finding"
	@echo "make licenses        every shipped dependency under an allowed licence (licenses/allowed.txt), NOTICE up to date"
	@echo "make notice          rewrite NOTICE from the dependency tree"
	@echo "make release VERSION=x.y.z   release commit, tag vx.y.z, jars, native sources, checksums and SBOMs in dist/"
	@echo "make test            make deps, every module's tests (./mvnw verify) against real PostgreSQL and Redis, make test-run-signals"
	@echo "make test-run-signals  make run stops its services and private datastores on TERM, HUP and INT (about 2 minutes)"
	@echo "make test-under-load  make test three times in a row under a CPU hog (stress-ng on every core; about 1.5 hours)"
	@echo "make test-npm        the npm packages tests run (Sodo search, Ghost themes' search), from their lockfiles"
	@echo "make bench           each service's benchmark; auth-service's beside node's oidc-provider (the anchor)"
	@echo "make bench-anchor    install the anchor, oidc-provider and argon2 from npm, into auth-service/bench/anchor"
	@echo "make bench-micro     auth-service's JMH micro-benchmarks: OpenSSL RS256 and native Argon2id against the Java fallbacks (~17 min)"
	@echo "make fuzz-http       hostile HTTP against the running services (FUZZ_HTTP_RUNS per group, loopback only)"
	@echo "make faults          load all three while PostgreSQL, then Redis, is cut 10 s and each service restarts; checks nothing was lost"
	@echo "make soak            mixed load on all three services for SOAK_MINUTES (30): fails unless memory, Redis and connections stay flat"
	@echo "make fuzz            coverage-guided fuzzing of every parser, FUZZ_SECONDS (60) per target; findings become regression inputs"
	@echo "make import BLOG=name DIR=folder   import a blog folder into content-service"
	@echo "make import-ghost BLOG=name FILE=export.json   import a Ghost JSON export into content-service"
	@echo "make native-sources  every Quarkus native build step short of the compiler, for the three services and the CLI"
	@echo "make native          native executables of the three services and the CLI on this machine (scripts/native.sh; ~8 min each)"
	@echo "make native-analysis the native builder's analysis of all four (where a build-time initialisation bug shows)"
	@echo "make native-test     each service's main HTTP flows against its native executable (builds what is missing)"
	@echo "make images          JVM and native container images of the services and the CLI (needs docker or podman)"
	@echo "make clean           remove build output (keeps .local data)"

# Installs what the tests and benchmarks run besides Java (Chromium, kubectl, OpenSSL's headers, the extractors, wrk,
# shellcheck...): the one place system packages are installed; under CI=true it fails on what it cannot install.
deps:
	scripts/deps.sh

# Each service's runnable jar and the CLI's (manifest-cli/target/pressroom-manifest-runner.jar) whose sources, a
# library's or a pom changed, in one parallel Maven run (scripts/build.sh).
build:
	scripts/build.sh

run: build
	scripts/run.sh

stop:
	scripts/stop.sh

# The lint profile compiles into target/lint, from scratch each time, so it never skips "up-to-date" classes.
lint: deps
	$(MVNW) -q spotless:check
	$(MVNW) -Plint,jmh clean test-compile
	git ls-files -z '*.sh' .ci/run | xargs -0 shellcheck
	scripts/release-test.sh
	$(MAKE) --no-print-directory licenses

# The licence check reads a CycloneDX SBOM of what ships (compile and runtime scopes of every module).
SBOM := target/bom.json
licenses: deps
	scripts/licenses-test.sh
	$(MVNW) -q org.cyclonedx:cyclonedx-maven-plugin:makeAggregateBom
	scripts/licenses.sh check $(SBOM)
	@scripts/licenses.sh notice $(SBOM) | diff -u NOTICE - >&2 || { echo "NOTICE is out of date: run make notice and commit it" >&2; exit 1; }

notice:
	$(MVNW) -q org.cyclonedx:cyclonedx-maven-plugin:makeAggregateBom
	scripts/licenses.sh notice $(SBOM) >NOTICE

# make run's signal handling is tested last, once the jars verify built are there: about 2 minutes.
test: deps test-npm
	$(WITH_DATASTORES) $(MVNW) verify
	scripts/run-signals-test.sh

test-run-signals:
	scripts/run-signals-test.sh

# The deploy tests read the native sources (as in CI, which makes them first).
test-under-load: deps native-sources
	scripts/test-under-load.sh

bench: deps build bench-anchor
	$(WITH_DATASTORES) scripts/bench.sh

# Ghost's Sodo search for content-service's SodoSearchTest, at the committed lockfile's versions (node_modules ignored).
test-npm:
	cd content-service/src/test/sodo-search && npm ci --prefer-offline --no-audit --no-fund --loglevel=error

# JMH_ARGS narrows or shortens it, e.g. JMH_ARGS="SignJmh -f 1" (auth-service/bench/jmh/run.sh).
bench-micro:
	auth-service/bench/jmh/run.sh $(JMH_ARGS)

# auth-service's bench runs node's oidc-provider beside it (auth-service/bench/anchor): its packages, exactly as
# package-lock.json pins them, installed once (npm ci; needs node 20 or later and npm).
bench-anchor:
	auth-service/bench/anchor/install.sh

fuzz: deps
	scripts/fuzz.sh

fuzz-http: build
	scripts/fuzz-http.sh

faults:
	scripts/faults.sh

soak: build
	scripts/soak.sh

# Into what make run serves: the dev profile's database and key pepper, unless QUARKUS_PROFILE says otherwise.
import:
	@test -n "$(BLOG)" -a -n "$(DIR)" || { echo "usage: make import BLOG=<address name> DIR=<folder>"; exit 2; }
	scripts/build.sh content-service
	QUARKUS_PROFILE=$${QUARKUS_PROFILE:-dev} $(WITH_DATASTORES) content-service/scripts/import.sh "$(BLOG)" "$(DIR)"

import-ghost:
	@test -n "$(BLOG)" -a -n "$(FILE)" || { echo "usage: make import-ghost BLOG=<address name> FILE=<export.json>"; exit 2; }
	scripts/build.sh content-service
	QUARKUS_PROFILE=$${QUARKUS_PROFILE:-dev} $(WITH_DATASTORES) content-service/scripts/import-ghost.sh "$(BLOG)" "$(FILE)"

# Releases the checked-out commit: CONTRIBUTING.md, Releases. RELEASE_DRY_RUN=1 leaves the branch and tags alone.
release:
	@test -n "$(VERSION)" || { echo "usage: make release VERSION=x.y.z"; exit 2; }
	scripts/release.sh "$(VERSION)"

native-sources:
	$(MVNW) package -Dnative -Dquarkus.native.sources-only=true -DskipTests -pl $(subst $(eval) ,$(comma),$(NATIVE_APPS)) -am

# The test vehicle of the native build: GraalVM's builder from Maven Central on the Temurin 25 JDK (README, Native
# executables). The shipped images come from deploy/images.sh native (Mandrel builder image) instead.
native:
	scripts/native.sh build $(NATIVE_APPS)

native-analysis:
	scripts/native.sh analyse $(NATIVE_APPS)

native-test:
	$(WITH_DATASTORES) scripts/native.sh test $(NATIVE_APPS)

# What .ci/run runs (after make native-sources): the builder's analysis of content-service (where a class wrongly
# initialised at build time shows; cheapest first, so such a bug fails early), then manifest-service and auth-service
# compiled in full and their native integration tests against the executables. README, Native executables, has the
# times.
native-ci:
	NATIVE_SOURCES=keep scripts/native.sh analyse content-service
	NATIVE_SOURCES=keep scripts/native.sh build manifest-service auth-service
	$(WITH_DATASTORES) scripts/native.sh test manifest-service auth-service

images:
	deploy/images.sh all

clean:
	$(MVNW) -q clean
