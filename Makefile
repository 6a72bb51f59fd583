# make demo   — install libyaml-dev if missing, build in release, run vault on vault-example
# make test   — the whole test suite
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
VAULT := .build/release/vault

.PHONY: demo test deps build release bench clean

deps:
	@test -f /usr/include/yaml.h || { echo "installing libyaml-dev"; $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libyaml-dev pkg-config; }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

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

bench: release
	Benchmarks/run

clean:
	rm -rf .build
