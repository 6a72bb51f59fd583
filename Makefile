# make demo          — install libyaml-dev if missing, build in release, run vault on vault-example
# make test          — the whole test suite
# make sim           — the whole-product sync simulation on its regression seeds (SIM_SEEDS)
# make test-asan     — the suite under AddressSanitizer (test-tsan: ThreadSanitizer)
# make test-browser  — vault serve driven in headless Chromium (Tests/Browser), screenshots in .build/screenshots
# make test-mcp      — vault mcp through PyPI's MCP client (Tests/MCP)
# make conformance   — the yaml-test-suite cases as front matter ($(YAML_TEST_SUITE))
# make fuzz          — each libFuzzer target for FUZZ_SECONDS (60)
# make crash-harness — kill -9 bulk operations 100 times and check every note
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
VAULT := .build/release/vault

YAML_TEST_SUITE ?= ../shared/yaml-test-suite
FUZZ_SECONDS ?= 60

.PHONY: demo test sim test-asan test-tsan test-browser test-mcp mcp-deps screenshots conformance fuzz crash-harness deps terminal-deps browser-deps build release bench clean

# libyaml (front matter), cmark-gfm (Markdown for the web app) and zlib (the zip archives
# `vault import` reads), from Debian; and
# libcurl's link name, which Foundation's networking (pulled in by the MCP package) needs
# when the release build links the Swift libraries statically.
deps:
	@test -f /usr/include/yaml.h -a -f /usr/include/cmark-gfm-core-extensions.h -a -f /usr/include/x86_64-linux-gnu/curl/curl.h -a -f /usr/include/zlib.h || { \
		echo "installing libyaml-dev, libcmark-gfm-dev, libcurl4-openssl-dev and zlib1g-dev"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libyaml-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libcurl4-openssl-dev zlib1g-dev pkg-config; }

# tmux, vim and nano, for the tests that drive a real editor in a terminal (they are
# skipped without them).
terminal-deps:
	@command -v tmux >/dev/null && command -v vim >/dev/null && command -v nano >/dev/null || { \
		echo "installing tmux, vim and nano"; $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq tmux vim nano; }

# Chromium, its WebDriver, Selenium and axe-core (the accessibility audit), for the browser tests.
browser-deps:
	@command -v chromedriver >/dev/null || { echo "installing chromium and chromium-driver"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium chromium-driver; }
	@python3 -c 'import selenium' 2>/dev/null || { echo "installing selenium"; python3 -m pip install -q selenium; }
	@python3 -c 'import axe_selenium_python' 2>/dev/null || { echo "installing axe-selenium-python"; python3 -m pip install -q axe-selenium-python; }

# PyPI's MCP client, for the end-to-end test of `vault mcp`.
mcp-deps:
	@python3 -c 'import mcp' 2>/dev/null || { echo "installing mcp"; python3 -m pip install -q mcp; }

build: deps
	$(SWIFT) build

# Stripped: the symbols are 50 of its 122 MB; what remains is mostly the static Swift
# runtime and Foundation's ICU data.
release: deps
	$(SWIFT) build -c release --static-swift-stdlib
	strip $(VAULT) $(VAULT)-mcp

demo: release
	@echo '$$ vault   (the main page of vault-example)'
	@$(VAULT) --vault vault-example
	@echo
	@echo '$$ vault list --limit 8'
	@$(VAULT) --vault vault-example list --limit 8
	@echo
	@echo '$$ vault list Work --group month --no-snippet'
	@$(VAULT) --vault vault-example list Work --group month --no-snippet

# In three processes at once (Tests/run-in-parts says why); `swift test` runs them in one.
test: deps
	$(SWIFT) build --build-tests
	Tests/run-in-parts "$$($(SWIFT) build --show-bin-path)/vaultPackageTests.xctest" 3

# The whole-product sync simulation (outside editors, tag merges, "one id, one note" after
# every sync) on seeds that each once found a defect, replayed as they ran; then a shell
# appending to a note every 5 ms through APPENDER_MERGES merges (docs/reliability.md).
SIM_SEEDS ?= 15 21 30 37 46
APPENDER_MERGES ?= 30
sim: deps
	$(SWIFT) build --build-tests
	@for seed in $(SIM_SEEDS); do \
		echo "whole-product simulation, seed $$seed"; \
		VAULT_SYNC_WHOLE=1 VAULT_SYNC_SEED=$$seed $(SWIFT) test --skip-build --filter SyncSimulationTests/theWholeProduct || exit 1; \
	done
	@echo "an appender during $(APPENDER_MERGES) merges"
	VAULT_APPENDER_MERGES=$(APPENDER_MERGES) $(SWIFT) test --skip-build --filter HostileGitTests/linesAppendedWhileASyncMergesAreNeverLost

# Each sanitizer builds in its own directory, so that switching does not rebuild the others.
# The sanitizers run SANITIZED_TESTS: every test of the library and the web app, in process,
# and of the end-to-end suites those where the binary's own threads and processes meet (the
# server, the assistant, sync, crashes, concurrent writes, the word index file). The other
# end-to-end suites run the same library code through the binary, one thread at a time, and
# under a sanitizer they doubled CI's time for no finding. The sync simulation's four runs of
# 50 rounds run in the plain suite; the sanitizers take four of 10 (their git and vault
# processes are the same, only slower), and one merge under the 5 ms appender instead of 10
# (under ASan each merge took three minutes of retries). Like `make test`, in parts: the
# instrumented binary reports a race or a leak and fails as under `swift test`.
SANITIZED_TESTS ?= ^(VaultKitTests|VaultWebTests)\.|^vaultTests\.(ServeTests|ServerAnswerTests|ServedAssistantTests|FrontEndParityTests|SyncTests|SyncSimulationTests|HostileGitTests|CrashTests|TagMergeCrashTests|AcknowledgedWriteTests|WordIndexFileTests)/
test-asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt:print_suppressions=0 VAULT_SYNC_ROUNDS=10 VAULT_APPENDER_MERGES=1 \
		Tests/run-in-parts --only '$(SANITIZED_TESTS)' "$$($(SWIFT) build --show-bin-path --sanitize=address --scratch-path .build-asan)/vaultPackageTests.xctest" 3

test-tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	VAULT_SYNC_ROUNDS=10 VAULT_APPENDER_MERGES=1 \
		Tests/run-in-parts --only '$(SANITIZED_TESTS)' "$$($(SWIFT) build --show-bin-path --sanitize=thread --scratch-path .build-tsan)/vaultPackageTests.xctest" 3

test-browser: deps browser-deps
	$(SWIFT) build --product vault
	python3 Tests/Browser/browser_test.py --vault-bin .build/debug/vault --screenshots .build/screenshots

test-mcp: deps mcp-deps
	$(SWIFT) build --product vault
	$(SWIFT) build --product vault-mcp
	python3 Tests/MCP/mcp_test.py --vault-bin .build/debug/vault

# The theme sheets of docs/themes/ (docs/web-app.md).
screenshots: deps browser-deps
	$(SWIFT) build --product vault
	python3 Tests/Browser/theme_screenshots.py --vault-bin .build/debug/vault --out docs/themes

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
