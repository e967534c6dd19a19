#!/bin/sh
# perf-figures: runs the benchmarks docs/performance.md quotes, 6 times each, and writes their
# benchstat summary into docs/performance.md between the lines <!-- perf:begin --> and
# <!-- perf:end -->, so that the figures on that page are the ones this tree measures. `make
# perf` runs it with the pinned benchstat; BENCHSTAT overrides the command. COUNT (6) is the
# runs of each benchmark and BENCHTIME, when set, go test's -benchtime: `COUNT=1 BENCHTIME=1x
# make perf` checks that every benchmark runs without measuring anything worth keeping.
set -eu
cd "$(dirname "$0")/.."
benchstat=${BENCHSTAT:-"go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da"}
count=${COUNT:-6}
benchtime=${BENCHTIME:+-benchtime=$BENCHTIME}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# benchstat names its column after the file: a plain name, not a temporary path.
out=$work/measured
table=$work/table
# package and benchmark pattern, one pair a line
while read -r pkg pattern; do
	# shellcheck disable=SC2086 # $benchtime is one word or none
	CGO_ENABLED=0 go test -tags ci -run '^$' -bench "$pattern" $benchtime -benchmem -count "$count" "$pkg" >>"$out"
done <<'LIST'
./serve/ ^(BenchmarkDecideCatalog|BenchmarkDecideRules)$
./cmd/agentmgr/ ^(BenchmarkGateCommand|BenchmarkGateCommand1000)$
./personas/ ^BenchmarkLoad1000$
./preview/ ^(BenchmarkMatrix50x40|BenchmarkMatrixEdit500)$
./engine/ ^(BenchmarkWorkloadEvaluate|BenchmarkWorkloadShell)$
LIST
(cd "$work" && $benchstat measured) >"$table"
awk -v table="$table" '
	/^<!-- perf:begin -->$/ { print; print "```"; while ((getline line < table) > 0) print line; print "```"; skip = 1; next }
	/^<!-- perf:end -->$/ { skip = 0 }
	!skip { print }
' docs/performance.md >docs/performance.md.new
mv docs/performance.md.new docs/performance.md
echo "docs/performance.md: figures of $(date -u +%Y-%m-%d) written; load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
