# The one entry point: every target is a thin wrapper around ./mvnw and the scripts in scripts/.
SHELL := /bin/bash
comma := ,
SERVICES := manifest-service content-service auth-service
MVNW := ./mvnw -B
# Runs a command with PostgreSQL and Redis ensured (private instances are stopped again afterwards).
WITH_DATASTORES := scripts/with-datastores.sh

.PHONY: help build run stop test bench fuzz fuzz-http import native-sources images clean

help:
	@echo "make run             build what changed, start PostgreSQL/Redis if needed and all three services with demo data"
	@echo "make stop            stop what make run started"
	@echo "make test            every module's unit and @QuarkusTest tests (./mvnw verify) against real PostgreSQL and Redis"
	@echo "make bench           each service's benchmark"
	@echo "make fuzz-http       hostile HTTP against the running services (FUZZ_HTTP_RUNS per group, loopback only)"
	@echo "make fuzz            coverage-guided fuzzing of every parser, FUZZ_SECONDS (60) per target; findings become regression inputs"
	@echo "make import BLOG=name DIR=folder   import a blog folder into content-service"
	@echo "make native-sources  every Quarkus native build step short of the compiler, for the three services"
	@echo "make images          JVM and native container images (needs docker or podman)"
	@echo "make clean           remove build output (keeps .local data)"

# Each service's runnable jar is rebuilt only when its sources, the kernel's or a pom changed.
KERNEL_SOURCES := $(shell find shared-kernel/src -type f 2>/dev/null) shared-kernel/pom.xml pom.xml
define service_jar
$(1)/target/quarkus-app/quarkus-run.jar: $(shell find $(1)/src -type f 2>/dev/null) $(1)/pom.xml $(KERNEL_SOURCES)
	$(MVNW) -q package -DskipTests -pl $(1) -am
endef
$(foreach svc,$(SERVICES),$(eval $(call service_jar,$(svc))))
JARS := $(foreach svc,$(SERVICES),$(svc)/target/quarkus-app/quarkus-run.jar)

build: $(JARS)

run: build
	scripts/run.sh

stop:
	scripts/stop.sh

test:
	$(WITH_DATASTORES) $(MVNW) verify

bench: build
	$(WITH_DATASTORES) scripts/bench.sh

fuzz:
	scripts/fuzz.sh

fuzz-http: build
	scripts/fuzz-http.sh

import: content-service/target/quarkus-app/quarkus-run.jar
	@test -n "$(BLOG)" -a -n "$(DIR)" || { echo "usage: make import BLOG=<address name> DIR=<folder>"; exit 2; }
	$(WITH_DATASTORES) content-service/scripts/import.sh "$(BLOG)" "$(DIR)"

native-sources:
	$(MVNW) package -Dnative -Dquarkus.native.sources-only=true -DskipTests -pl $(subst $(eval) ,$(comma),$(SERVICES)) -am

images:
	deploy/images.sh all

clean:
	$(MVNW) -q clean
