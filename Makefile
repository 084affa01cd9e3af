# Encounter Planner. `make run` and `make test` do everything on a fresh
# Debian machine: they install what is missing first.

GO       ?= go
BIN      ?= bin/encounter-planner
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export LANG ?= en_US.UTF-8

# Debian packages for Fyne's GL/X11 build (cgo), and for screenshots/UI checks.
DEB_BUILD := gcc pkg-config libgl-dev libx11-dev libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev
DEB_TOOLS := xvfb imagemagick xdotool poppler-utils time python3

.PHONY: all run test build bench apptime dragtime e2e fuzz package deps deps-tools vet icon clean

all: build

## deps: install the Debian packages the build needs, when missing
deps:
	@missing=""; for p in $(DEB_BUILD); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; fi
	@command -v $(GO) >/dev/null || { echo "Go is missing: install Go 1.26 or later (https://go.dev/dl)"; exit 1; }

## deps-tools: Xvfb, xdotool, ImageMagick and poppler for screenshots and UI checks,
## GNU time and python3 for the measurements of make bench
deps-tools:
	@missing=""; for p in $(DEB_TOOLS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; fi

## build: the binary in bin/
build: deps
	$(GO) build -o $(BIN) .

## run: open the app on the default database (seeded with a sample encounter)
run: build
	@if [ -z "$$DISPLAY" ] && [ -z "$$WAYLAND_DISPLAY" ]; then \
	  echo "no display: starting the app in a virtual X server (Xvfb :77)"; \
	  $(MAKE) -s deps-tools; Xvfb :77 -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 & sleep 1; \
	  DISPLAY=:77 ./$(BIN) $(ARGS); \
	else ./$(BIN) $(ARGS); fi

vet: deps
	$(GO) vet ./...

## test: vet, gofmt and staticcheck, then every test; model, rules and storage
## under the race detector; and a few seconds of each fuzz target, counted
## in executions (about 5 s each here): a -fuzztime in seconds races Go's
## fuzzing coordinator at its deadline and now and then fails a run that
## found nothing with "context deadline exceeded" (golang/go#75804)
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

test: deps
	$(GO) vet ./...
	@unformatted=$$(gofmt -l $$(find . -name '*.go' -not -path './.git/*')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) run $(STATICCHECK) ./...
	$(GO) test -race ./model/... ./rules/... ./storage/...
	$(GO) test $$($(GO) list ./... | grep -v -e /model -e /rules -e /storage)
	$(GO) test ./model/ -run '^$$' -fuzz '^FuzzReadEncounter$$' -fuzztime 150000x
	@if grep -q 'func FuzzImportUVTT' ui/export/*_test.go 2>/dev/null; then \
	  $(GO) test ./ui/export/ -run '^$$' -fuzz '^FuzzImportUVTT$$' -fuzztime 25000x; fi
	@if grep -q 'func FuzzReach' rules/*_test.go 2>/dev/null; then \
	  $(GO) test ./rules/ -run '^$$' -fuzz '^FuzzReach$$' -fuzztime 100000x; fi

## fuzz: every fuzz target for FUZZTIME each (default 1m), then the rules'
## random cross-checks with 20 times their cases (EP_LONG=1) and the storage
## kill loops long
FUZZTIME ?= 1m
fuzz: deps
	@for pkg in $$($(GO) list ./...); do \
	  dir=$$($(GO) list -f '{{.Dir}}' $$pkg); \
	  for t in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$dir/*_test.go 2>/dev/null | sed 's/func //'); do \
	    echo "== $$pkg $$t"; $(GO) test $$pkg -run '^$$' -fuzz "^$$t\$$" -fuzztime $(FUZZTIME) || exit 1; \
	  done; done
	@echo "== rules: the random cross-checks against the slow references, 20 times their cases"
	EP_LONG=1 $(GO) test ./rules/ -count=1 -timeout 120m
	@echo "== storage: 50 SIGKILLs during backup, 50 rounds of 20 processes at first use"
	EP_LONG=1 $(GO) test ./storage/ -run '^(TestFirstUse|TestBackupKill)$$' -count=1

## bench: every benchmark, 5 runs each (medians), the app under Xvfb
## (start-up, big maps, memory, drag latency) and the CLI's PNG export;
## writes docs/performance.md: the targets met or missed, profiles of the
## three with the least headroom, every benchmark (the prose from
## "## Design choices" on is kept)
bench: build deps-tools
	$(GO) test -run '^$$' -bench . -benchmem -count 5 -timeout 30m ./rules/ ./ui/render/ ./storage/ ./ui/session/ | tee bench.out
	.ci/apptime $(BIN) | tee apptime.out
	.ci/dragtime $(BIN) | tee -a apptime.out
	ALOFT=1 .ci/dragtime $(BIN) | tee -a apptime.out
	python3 .ci/benchtable bench.out apptime.out docs/performance.md > docs/performance.md.new
	mv docs/performance.md.new docs/performance.md
	@echo "wrote docs/performance.md"

## e2e: the GM's scenario on the real app under Xvfb (xdotool): create, paint,
## place, drag, see the overlays, quit, reopen; shots in docs/screenshots/e2e
## Each further scenario is its own script, .ci/e2e-NAME, with its shots in
## docs/screenshots/e2e/NAME
e2e: build deps-tools
	.ci/e2e $(BIN) docs/screenshots/e2e
	@for s in .ci/e2e-*; do [ -x "$$s" ] || continue; n=$${s#.ci/e2e-}; \
	  echo "== e2e $$n"; "$$s" $(BIN) docs/screenshots/e2e/$$n || exit 1; done

## apptime: time to the first frame and memory with a 250x250 map (Xvfb)
apptime: build deps-tools
	.ci/apptime $(BIN)

## dragtime: pointer event to drawn frame while dragging a token on a
## 250x250 map with every overlay on, in the real app (Xvfb), p50 and p99;
## then the same drag of a flyer 20 ft up in fly mode (3-D reach and path)
dragtime: build deps-tools
	.ci/dragtime $(BIN)
	ALOFT=1 .ci/dragtime $(BIN)

## package: a desktop package with the fyne tool
package: deps
	$(GO) run fyne.io/tools/cmd/fyne@v1.7.4 package -os linux -name "Encounter Planner" -app-id com.encounterplanner.app -icon Icon.png

## icon: redraw Icon.png
icon:
	$(GO) run docs/icon.go

clean:
	rm -rf bin bench.out apptime.out docs/performance.md.new
