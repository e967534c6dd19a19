#!/bin/sh
# cyclo-check: the ceiling on cyclomatic complexity, which may only go down. Every function
# (tests aside) over 30 must be listed in scripts/cyclo-allow.txt, and every function listed
# must still be over 30: a new offender fails, and so does one that was simplified but not
# struck off the list, so the list only ever shrinks. gocyclo is pinned; GOCYCLO overrides
# the command (a gocyclo binary on PATH, say).
set -eu
cd "$(dirname "$0")/.."
gocyclo=${GOCYCLO:-"go run github.com/fzipp/gocyclo/cmd/gocyclo@v0.6.0"}
allow=scripts/cyclo-allow.txt
now=$(mktemp)
listed=$(mktemp)
errs=$(mktemp)
trap 'rm -f "$now" "$listed" "$errs"' EXIT
# "COMPLEXITY PACKAGE FUNCTION FILE:LINE:COLUMN": keep package, function and file, which do not
# move when lines are added above the function.
# gocyclo exits 1 when it lists any function (go run then says "exit status 1"); anything
# else on its error output means it did not run.
$gocyclo -over 30 -ignore '_test\.go$' . 2>"$errs" | awk '{ sub(/:[0-9]+:[0-9]+$/, "", $4); print $2, $3, $4 }' | LC_ALL=C sort >"$now" || true
if grep -v '^exit status 1$' "$errs" | grep -q .; then
	echo "cyclo-check: gocyclo did not run:"
	cat "$errs"
	exit 1
fi
grep -v '^#' "$allow" | grep -v '^$' | LC_ALL=C sort >"$listed"
status=0
new=$(LC_ALL=C comm -23 "$now" "$listed")
if [ -n "$new" ]; then
	echo "cyclo-check: functions over complexity 30 that are not in $allow (split them):"
	echo "$new" | sed 's/^/  /'
	status=1
fi
gone=$(LC_ALL=C comm -13 "$now" "$listed")
if [ -n "$gone" ]; then
	echo "cyclo-check: functions in $allow that are no longer over complexity 30 (strike them off):"
	echo "$gone" | sed 's/^/  /'
	status=1
fi
exit $status
