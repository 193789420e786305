# Stint — the one entry point. `make help` lists the targets.
#
# Every package is its own SwiftPM package; for speed they share one scratch folder
# (.build-shared), yet each still builds and tests alone with
#   swift test --package-path Packages/<Name>

SWIFT        ?= swift
SCRATCH      ?= $(CURDIR)/.build-shared
# A shared scratch folder reuses dependency builds across packages. SwiftPM caches the build
# plan in it, and with a different root package that cached plan can be stale (it once ran
# LocalStorage's tests for every later package), so plan caching is turned off.
SWIFT_FLAGS  ?= --scratch-path $(SCRATCH) --disable-build-manifest-caching
# The server builds in a scratch folder of its own. Resolving another root package in the shared folder prunes the
# checkouts it does not use (NIO, Hummingbird, postgres-nio), and recreating them later made SwiftPM rebuild the
# whole server graph: five minutes of every `make test` went into building stint-server twice.
SERVER_SCRATCH ?= $(CURDIR)/.build-server
SERVER_FLAGS ?= --scratch-path $(SERVER_SCRATCH) --disable-build-manifest-caching
FLAGS_Server  = $(SERVER_FLAGS)
PACKAGES     := Entities TerminalUI ContractSupport LocalStorage RemoteStorage Repositories ProjectsFeature TasksFeature TimersFeature ReportsFeature SyncFeature Server ArchitectureCheck
PREFIX       ?= $(HOME)/.local
ARGS         ?=
STINT_BIN     = $(shell $(SWIFT) build --package-path App $(SWIFT_FLAGS) --show-bin-path)/stint
# Release builds in the shared folder (ADR 0028): every function in its own section, so the link can lay out the
# ones the everyday commands run next to each other (App/link-order.txt); and generic types' metadata reached
# through accessors that pass their conformances, not through mangled names, whose first use made the runtime scan
# all 8,000 conformance records of the executable (a third of `stint timer`). All release builds there use the same
# flags, or each would rebuild the others' modules. SwiftPM does not notice a change of -Xfrontend flags, so the
# release-flags target clears the folder's release builds when these differ from the ones they were made with.
RELEASE_FLAGS = -c release -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

.PHONY: help build run test test-unit test-app test-e2e check-architecture install man lint format clean bench bench-peers bench-server link-order release-flags \
        api api-generator check-api build-server server server-pg postgres-test postgres-test-stop \
        postgres-stop-server-pg test-api-fuzz \
        $(addprefix test-,$(PACKAGES))

help:
	@echo "make build                 build the stint executable (debug)"
	@echo "make run ARGS=\"task list\"  build and run stint with ARGS"
	@echo "make test                  architecture check, every package's tests, App tests, end-to-end tests"
	@echo "make test-<Package>        one package's tests, e.g. make test-TasksFeature"
	@echo "make test-api-fuzz         schemathesis against the OpenAPI document and a running server"
	@echo "make check-architecture    fail when a package imports what docs/adr/0002 forbids"
	@echo "make server                run stint-server on 127.0.0.1:8420 (data in .stint-server) and say how to log in"
	@echo "make server-pg             the same on a throwaway PostgreSQL 15 (cluster in .stint-server-pg)"
	@echo "make api / check-api       regenerate / verify the server and client sources from the OpenAPI document"
	@echo "make bench                 release build, 10,000 tasks + 100,000 time entries, median timings"
	@echo "make bench-peers           the same data in Taskwarrior, Timewarrior and Watson too, timed side by side"
	@echo "                           (installs them when missing; ARGS=\"--runs 5\" passes options)"
	@echo "make link-order            rewrite App/link-order.txt (the release link's layout) from callgrind runs"
	@echo "make bench-sync            release builds, sync of 10,000 tasks + 100,000 entries on loopback, wrk on pull"
	@echo "make bench-server          release builds, many devices pushing and pulling (wrk) on SQLite and PostgreSQL"
	@echo "make install               release builds of stint and stint-server (static Swift stdlib) into $(PREFIX)/bin,"
	@echo "                           the manual page and bash/zsh/fish completions under $(PREFIX)/share"
	@echo "make man                   the manual page stint.1, generated from the commands' help"
	@echo "make lint / make format    swift format (check / rewrite)"
	@echo "make clean                 remove build folders"

# stint-http is the helper that carries stint's requests to the server (URLSession lives only there, so
# stint itself never loads libcurl); it is built into the same folder as stint, where stint looks for it.
build:
	$(SWIFT) build --package-path App $(SWIFT_FLAGS) --product stint
	$(SWIFT) build --package-path Packages/RemoteStorage $(SWIFT_FLAGS) --product stint-http

run: build
	@"$(STINT_BIN)" $(ARGS)

check-architecture:
	@$(SWIFT) build --package-path Packages/ArchitectureCheck $(SWIFT_FLAGS) --product check-architecture -q
	@"$$($(SWIFT) build --package-path Packages/ArchitectureCheck $(SWIFT_FLAGS) --show-bin-path)/check-architecture" --root "$(CURDIR)"

# The PostgreSQL the tests use: a throwaway cluster in .postgres-test on 127.0.0.1 (started by the
# targets that need it; the script installs Debian's postgresql when it is missing). Point
# STINT_TEST_POSTGRES_URL at another database to use that instead.
POSTGRES_SCRIPT      = Packages/Server/scripts/throwaway-postgres.sh
POSTGRES_TEST_DIR   ?= $(CURDIR)/.postgres-test
POSTGRES_TEST_PORT  ?= 55432
export STINT_TEST_POSTGRES_URL ?= postgres://stint@127.0.0.1:$(POSTGRES_TEST_PORT)/stint?sslmode=disable
# The PostgreSQL suites fail instead of skipping when the database is missing: `make test` never
# passes by not running them.
export STINT_REQUIRE_POSTGRES = 1

postgres-test:
	@$(POSTGRES_SCRIPT) start "$(POSTGRES_TEST_DIR)" $(POSTGRES_TEST_PORT) >/dev/null

postgres-test-stop:
	@$(POSTGRES_SCRIPT) stop "$(POSTGRES_TEST_DIR)"

test-Server: postgres-test

$(addprefix test-,$(PACKAGES)): test-%:
	$(SWIFT) test --package-path Packages/$* $(or $(FLAGS_$*),$(SWIFT_FLAGS))

test-unit: $(addprefix test-,$(PACKAGES))

test-app:
	$(SWIFT) test --package-path App $(SWIFT_FLAGS)

SERVER_BIN    = $(shell $(SWIFT) build --package-path Packages/Server $(SERVER_FLAGS) --show-bin-path)/stint-server

build-server:
	$(SWIFT) build --package-path Packages/Server $(SERVER_FLAGS) --product stint-server

# A local server for trying sync: data in ./.stint-server (ignored by git), on 127.0.0.1 only.
SERVER_DATA  ?= $(CURDIR)/.stint-server
SERVER_PORT  ?= 8420

server: build-server
	@echo "Starting stint-server on http://127.0.0.1:$(SERVER_PORT) with its data in $(SERVER_DATA)."
	@echo "In another terminal, add a user and log in with the token it prints on its last line:"
	@echo "  $(SERVER_BIN) user add ana --data $(SERVER_DATA) | tail -n 1 | $(STINT_BIN) login http://127.0.0.1:$(SERVER_PORT) --token -"
	@echo "  $(STINT_BIN) sync"
	@"$(SERVER_BIN)" serve --host 127.0.0.1 --port $(SERVER_PORT) --data "$(SERVER_DATA)"

# The same server on a throwaway PostgreSQL 15 (cluster in ./.stint-server-pg, kept between runs;
# `make postgres-stop-server-pg` or `make clean` stops it).
SERVER_PG_DIR  ?= $(CURDIR)/.stint-server-pg
SERVER_PG_PORT ?= 55433
SERVER_PG_URL   = postgres://stint@127.0.0.1:$(SERVER_PG_PORT)/stint?sslmode=disable

server-pg: build-server
	@$(POSTGRES_SCRIPT) start "$(SERVER_PG_DIR)" $(SERVER_PG_PORT) >/dev/null
	@echo "PostgreSQL 15 runs on 127.0.0.1:$(SERVER_PG_PORT) (cluster in $(SERVER_PG_DIR))."
	@echo "Starting stint-server on http://127.0.0.1:$(SERVER_PORT) on it. In another terminal:"
	@echo "  $(SERVER_BIN) user add ana --database '$(SERVER_PG_URL)' | tail -n 1 | $(STINT_BIN) login http://127.0.0.1:$(SERVER_PORT) --token -"
	@echo "  $(STINT_BIN) sync"
	@"$(SERVER_BIN)" serve --host 127.0.0.1 --port $(SERVER_PORT) --database "$(SERVER_PG_URL)"

postgres-stop-server-pg:
	@$(POSTGRES_SCRIPT) stop "$(SERVER_PG_DIR)"

# Every journey against the embedded SQLite store (the team-scale ones on PostgreSQL), then the sync
# journeys again against PostgreSQL, the fault journey with 300 changes a device instead of 1,000.
test-e2e: build build-server postgres-test
	STINT_BINARY="$(STINT_BIN)" STINT_SERVER_BINARY="$(SERVER_BIN)" $(SWIFT) test --package-path Tests $(SWIFT_FLAGS)
	STINT_BINARY="$(STINT_BIN)" STINT_SERVER_BINARY="$(SERVER_BIN)" STINT_E2E_DATABASE_URL="$(STINT_TEST_POSTGRES_URL)" \
		STINT_FAULT_MUTATIONS=300 $(SWIFT) test --skip-build --package-path Tests $(SWIFT_FLAGS) \
		--filter 'SyncJourneyTests|FaultJourneyTests' 

# schemathesis (PyPI, pinned, in a venv under the scratch folder) against the OpenAPI document and a
# running server: no 5xx, no answer the document does not declare. Bounded: 50 examples an operation.
test-api-fuzz: build-server
	Tests/schemathesis/run.sh "$(SERVER_BIN)" 50

test: check-architecture check-api test-unit test-app test-e2e test-api-fuzz
	@echo "make test: all suites passed"

# The flags of the release builds in the shared folder, kept next to them: when RELEASE_FLAGS change, those builds
# are removed, since SwiftPM would go on linking modules compiled with the old -Xfrontend flags.
release-flags:
	@mkdir -p "$(SCRATCH)"
	@if [ "$$(cat "$(SCRATCH)/release-flags.txt" 2>/dev/null)" != "$(RELEASE_FLAGS)" ]; then \
		rm -rf "$(SCRATCH)"/*/release "$(SCRATCH)/release" "$(SCRATCH)/release.yaml"; \
		echo "$(RELEASE_FLAGS)" > "$(SCRATCH)/release-flags.txt"; \
	fi

bench: release-flags
	$(SWIFT) build --package-path App $(RELEASE_FLAGS) --static-swift-stdlib $(SWIFT_FLAGS) --product stint
	$(SWIFT) build --package-path Tests $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product stint-bench
	"$$($(SWIFT) build --package-path Tests -c release $(SWIFT_FLAGS) --show-bin-path)/stint-bench" \
		--stint "$$($(SWIFT) build --package-path App -c release $(SWIFT_FLAGS) --show-bin-path)/stint"

# Stint side by side with Taskwarrior, Timewarrior and Watson on the standard data set (docs/benchmarks.md):
# Tests/bench-peers.sh installs the peers when missing (Debian packages; Watson in a virtual environment in
# the build folder), checks every tool reads the same totals, then times the shared commands. Never part of
# `make test`.
bench-peers: release-flags
	$(SWIFT) build --package-path App $(RELEASE_FLAGS) --static-swift-stdlib $(SWIFT_FLAGS) --product stint
	$(SWIFT) build --package-path Tests $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product stint-bench
	BENCH_PEERS_VENV="$(SCRATCH)/peers-venv" Tests/bench-peers.sh \
		"$$($(SWIFT) build --package-path App -c release $(SWIFT_FLAGS) --show-bin-path)/stint" \
		"$$($(SWIFT) build --package-path Tests -c release $(SWIFT_FLAGS) --show-bin-path)/stint-bench" $(ARGS)

# Rewrites App/link-order.txt from callgrind runs of the everyday commands (valgrind is installed when missing).
link-order: release-flags
	$(SWIFT) build --package-path App $(RELEASE_FLAGS) --static-swift-stdlib $(SWIFT_FLAGS) --product stint
	Tests/link-order.sh "$$($(SWIFT) build --package-path App -c release $(SWIFT_FLAGS) --show-bin-path)/stint"

# Sync at the standard size on loopback (first push, first pull, a no-op sync, the pull endpoint
# under wrk); release builds. Needs hyperfine and wrk (apt). Never part of `make test`.
bench-sync: release-flags
	$(SWIFT) build --package-path App $(RELEASE_FLAGS) --static-swift-stdlib $(SWIFT_FLAGS) --product stint
	$(SWIFT) build --package-path Packages/RemoteStorage $(RELEASE_FLAGS) --static-swift-stdlib $(SWIFT_FLAGS) --product stint-http
	$(SWIFT) build --package-path Packages/Server -c release $(SERVER_FLAGS) --product stint-server
	$(SWIFT) build --package-path Tests $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product stint-bench
	Tests/bench-sync.sh "$$($(SWIFT) build --package-path App -c release $(SWIFT_FLAGS) --show-bin-path)/stint" \
		"$$($(SWIFT) build --package-path Packages/Server -c release $(SERVER_FLAGS) --show-bin-path)/stint-server" \
		"$$($(SWIFT) build --package-path Tests -c release $(SWIFT_FLAGS) --show-bin-path)/stint-bench"

# The server under load from many devices (wrk with Tests/load/*.lua): pulls and pushes on SQLite, on
# PostgreSQL with one process and with three on one database; then the first sync of the standard data set
# on both stores. Release builds; a throwaway PostgreSQL on 127.0.0.1:55434. Needs wrk and PostgreSQL (apt).
# Never part of `make test`; the figures and their reading are in docs/benchmarks/server-load.md.
bench-server: release-flags
	$(SWIFT) build --package-path App $(RELEASE_FLAGS) --static-swift-stdlib $(SWIFT_FLAGS) --product stint
	$(SWIFT) build --package-path Packages/Server -c release $(SERVER_FLAGS) --product stint-server
	$(SWIFT) build --package-path Tests $(RELEASE_FLAGS) $(SWIFT_FLAGS) --product stint-bench
	Tests/bench-server.sh "$$($(SWIFT) build --package-path Packages/Server -c release $(SERVER_FLAGS) --show-bin-path)/stint-server" \
		"$$($(SWIFT) build --package-path App -c release $(SWIFT_FLAGS) --show-bin-path)/stint" \
		"$$($(SWIFT) build --package-path Tests -c release $(SWIFT_FLAGS) --show-bin-path)/stint-bench"

# The manual page, from the commands' own help: ArgumentParser's generate-manual plugin, which builds the App
# package and runs `stint --experimental-dump-help`. The text does not depend on the configuration, so it is made
# from the debug build (`make build` has usually made it already; a release build would cost minutes more). The
# plugin writes into the scratch folder, never into the package, so it needs no --allow-writing-to-package-directory,
# and it runs offline from the checked-out swift-argument-parser. The help's blank line between two paragraphs
# becomes mdoc's paragraph macro, which man renders the same without a warning for each.
MAN_OUTPUT = $(SCRATCH)/plugins/GenerateManual/outputs/stint/stint.1
MAN_PAGE   = $(SCRATCH)/man/stint.1

man:
	$(SWIFT) package --package-path App $(SWIFT_FLAGS) generate-manual --configuration debug
	@test -s "$(MAN_OUTPUT)" || { echo "make man: the plugin wrote no $(MAN_OUTPUT)"; exit 1; }
	@mkdir -p "$(dir $(MAN_PAGE))"
	@sed 's/^$$/.Pp/' "$(MAN_OUTPUT)" > "$(MAN_PAGE)"
	@echo "manual page: $(MAN_PAGE) (man -l to read it)"

# Under $(PREFIX): bin/stint, bin/stint-http, bin/stint-server; share/man/man1/stint.1; the completion scripts
# where bash-completion, zsh and fish look under a prefix. INSTALL_CONFIG=debug installs the debug builds
# instead (no static standard library, nothing built in release): a quick check of what goes where.
INSTALL_CONFIG ?= release
INSTALL_FLAGS   = -c $(INSTALL_CONFIG) $(if $(filter release,$(INSTALL_CONFIG)),--static-swift-stdlib)
INSTALL_STINT   = $(if $(filter release,$(INSTALL_CONFIG)),$(RELEASE_FLAGS) --static-swift-stdlib,$(INSTALL_FLAGS))

install: man release-flags
	$(SWIFT) build --package-path App $(INSTALL_STINT) $(SWIFT_FLAGS) --product stint
	$(SWIFT) build --package-path Packages/Server $(INSTALL_FLAGS) $(SERVER_FLAGS) --product stint-server
	$(SWIFT) build --package-path Packages/RemoteStorage $(INSTALL_STINT) $(SWIFT_FLAGS) --product stint-http
	install -d "$(PREFIX)/bin" "$(PREFIX)/share/man/man1" "$(PREFIX)/share/bash-completion/completions" \
		"$(PREFIX)/share/zsh/site-functions" "$(PREFIX)/share/fish/vendor_completions.d"
	install -m 0755 "$$($(SWIFT) build --package-path App -c $(INSTALL_CONFIG) $(SWIFT_FLAGS) --show-bin-path)/stint" \
		"$(PREFIX)/bin/stint"
	install -m 0755 "$$($(SWIFT) build --package-path App -c $(INSTALL_CONFIG) $(SWIFT_FLAGS) --show-bin-path)/stint-http" \
		"$(PREFIX)/bin/stint-http"
	install -m 0755 \
		"$$($(SWIFT) build --package-path Packages/Server -c $(INSTALL_CONFIG) $(SERVER_FLAGS) --show-bin-path)/stint-server" \
		"$(PREFIX)/bin/stint-server"
	install -m 0644 "$(MAN_PAGE)" "$(PREFIX)/share/man/man1/stint.1"
	"$(PREFIX)/bin/stint" --generate-completion-script bash > "$(PREFIX)/share/bash-completion/completions/stint"
	"$(PREFIX)/bin/stint" --generate-completion-script zsh > "$(PREFIX)/share/zsh/site-functions/_stint"
	"$(PREFIX)/bin/stint" --generate-completion-script fish > "$(PREFIX)/share/fish/vendor_completions.d/stint.fish"
	@echo "installed $(PREFIX)/bin/stint, stint-http (its network helper) and stint-server,"
	@echo "the manual page $(PREFIX)/share/man/man1/stint.1 and completions for bash, zsh and fish"

# Sources generated from the OpenAPI document are the generator's style, not ours: left out.
SWIFT_SOURCES = $(shell find Packages App Tests -name '*.swift' -not -path '*/.build*' -not -path '*/Generated/*')

lint:
	@$(SWIFT) format lint --strict --parallel $(SWIFT_SOURCES)

format:
	$(SWIFT) format format --in-place --parallel $(SWIFT_SOURCES)

# The one OpenAPI document (Packages/APIContract/openapi.yaml) -> the server's stubs and the
# client, committed (ADR 0018). `api` rewrites them; `check-api` fails if they are stale.
API_GENERATOR = $(shell $(SWIFT) build --package-path Packages/APIContract $(SWIFT_FLAGS) --show-bin-path)/swift-openapi-generator

api-generator:
	@$(SWIFT) build --package-path Packages/APIContract $(SWIFT_FLAGS) --product swift-openapi-generator -q

api: api-generator
	Packages/APIContract/generate.sh "$(API_GENERATOR)" "$(CURDIR)"

check-api: api-generator
	@rm -rf "$(SCRATCH)/api-check" && mkdir -p "$(SCRATCH)/api-check"
	@Packages/APIContract/generate.sh "$(API_GENERATOR)" "$(SCRATCH)/api-check"
	@for dir in Packages/Server/Sources/StintServer/Generated Packages/RemoteStorage/Sources/RemoteStorage/Generated; do \
		diff -r "$$dir" "$(SCRATCH)/api-check/$$dir" >/dev/null || { \
			echo "check-api: $$dir is not what Packages/APIContract/openapi.yaml generates; run make api"; exit 1; }; \
	done
	@echo "check-api: generated sources match the OpenAPI document"

clean:
	-@$(POSTGRES_SCRIPT) stop "$(POSTGRES_TEST_DIR)" 2>/dev/null
	-@$(POSTGRES_SCRIPT) stop "$(SERVER_PG_DIR)" 2>/dev/null
	rm -rf .postgres-test .stint-server-pg
	rm -rf .build .build-* Packages/*/.build App/.build Tests/.build
