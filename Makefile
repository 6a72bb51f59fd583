# make demo          — install libyaml-dev if missing, build in release, run vault on vault-example
# make test          — the whole test suite
# make test-asan     — the suite under AddressSanitizer (test-tsan: ThreadSanitizer)
# make conformance   — the yaml-test-suite cases as front matter ($(YAML_TEST_SUITE))
# make fuzz          — each libFuzzer target for FUZZ_SECONDS (60)
# make crash-harness — kill -9 bulk operations 100 times and check every note
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
VAULT := .build/release/vault

YAML_TEST_SUITE ?= ../shared/yaml-test-suite
FUZZ_SECONDS ?= 60

.PHONY: demo test test-asan test-tsan conformance fuzz crash-harness deps build release bench clean

deps:
	@test -f /usr/include/yaml.h || { echo "installing libyaml-dev"; $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libyaml-dev pkg-config; }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --static-swift-stdlib

demo: release
	@echo '$$ vault   (the main page of vault-example)'
	@$(VAULT) --vault vault-example
	@echo
	@echo '$$ vault list --limit 8'
	@$(VAULT) --vault vault-example list --limit 8
	@echo
	@echo '$$ vault list Work --group month --no-snippet'
	@$(VAULT) --vault vault-example list Work --group month --no-snippet

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Each sanitizer builds in its own directory, so that switching does not rebuild the others.
test-asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt:print_suppressions=0 \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan

test-tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan

conformance: deps
	@test -d "$(YAML_TEST_SUITE)" || { echo "no yaml-test-suite data at $(YAML_TEST_SUITE) (set YAML_TEST_SUITE)"; exit 1; }
	$(SWIFT) build --build-tests
	VAULT_YAML_TEST_SUITE="$(abspath $(YAML_TEST_SUITE))" $(SWIFT) test --skip-build --filter YAMLConformanceTests

fuzz: deps
	Fuzz/run $(FUZZ_SECONDS)

crash-harness: release
	Tests/CrashHarness/crash-harness --vault-bin $(VAULT)

bench: release
	Benchmarks/run

clean:
	rm -rf .build
