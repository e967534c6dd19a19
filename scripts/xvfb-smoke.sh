#!/usr/bin/env bash
# Smoke test of the real desktop app under Xvfb: start bin/agentmgr on a copy of the fixture
# agent dir (gui/testdata/agentdir), wait for its window, take a screenshot, check that the
# process is alive and the picture is not blank, then stop it with SIGTERM and check it exits 0.
#
#   scripts/xvfb-smoke.sh                          # screenshot in bin/screenshot.png
#   OUT=docs/screenshot.png scripts/xvfb-smoke.sh  # refresh the README's screenshot
#   PERSONAS=200 scripts/xvfb-smoke.sh             # add 200 personas and time the start-up
#   ACTIVE=planner scripts/xvfb-smoke.sh           # the active agent the app opens on
#
# Needs xvfb, imagemagick and x11-utils (xdpyinfo tells when the X server answers; xwininfo, when
# present, checks the title); builds bin/agentmgr and bin/agentmgr-app (cgo) if absent.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
bin=${BIN:-$root/bin/agentmgr}
out=${OUT:-$root/bin/screenshot.png}
case "$out" in /*) ;; *) out="$root/$out" ;; esac

# bin/agentmgr with no arguments starts the app, bin/agentmgr-app, from beside itself (in place
# of its own process, so $pid below is the app's).
if [ ! -x "$bin" ] || [ ! -x "$(dirname "$bin")/agentmgr-app" ]; then
	echo "building $bin and $(dirname "$bin")/agentmgr-app"
	go build -o "$bin" ./cmd/agentmgr
	go build -o "$(dirname "$bin")/agentmgr-app" ./cmd/agentmgr-app
fi
fail() {
	echo "xvfb-smoke: FAIL: $*" >&2
	if [ -s "$work/log" ]; then
		echo "--- app output:" >&2
		cat "$work/log" >&2
	fi
	exit 1
}
now_ms() { echo $(($(date +%s%N) / 1000000)); }

work=$(mktemp -d)
pid=""
xpid=""
cleanup() {
	if [ -n "$pid" ]; then kill -KILL "$pid" 2>/dev/null || true; fi
	if [ -n "$xpid" ]; then kill -TERM "$xpid" 2>/dev/null && wait "$xpid" 2>/dev/null || true; fi
	rm -rf "$work"
}
trap cleanup EXIT

# start_x starts a fresh Xvfb on a free display (it writes the number it took to -displayfd) and
# returns once the server answers xdpyinfo: the app is never started against a display that is
# not up yet. It fails if Xvfb exits, or if it has not answered after a minute (a hang).
#
# -noreset: an X server resets when its last client leaves, and refuses connections while it
# does. Without it the app, connecting right after xdpyinfo left, could find the display gone
# ("X11: Failed to open display").
start_x() {
	rm -f "$work/display"
	Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$work/display" >"$work/xvfb.log" 2>&1 &
	xpid=$!
	local n
	for _ in $(seq 1 1200); do
		if ! kill -0 "$xpid" 2>/dev/null; then
			wait "$xpid" 2>/dev/null || true
			xpid=""
			echo "xvfb-smoke: Xvfb exited before answering:" >&2
			cat "$work/xvfb.log" >&2
			return 1
		fi
		n=$(head -n1 "$work/display" 2>/dev/null || true)
		if [ -n "$n" ] && xdpyinfo -display ":$n" >/dev/null 2>&1; then
			export DISPLAY=":$n"
			return 0
		fi
		sleep 0.05
	done
	echo "xvfb-smoke: Xvfb did not answer within a minute" >&2
	kill -TERM "$xpid" 2>/dev/null || true
	xpid=""
	return 1
}
# Xvfb itself can fail to start (a display number taken between its probe and its bind):
# one retry on a new server.
start_x || { echo "xvfb-smoke: starting Xvfb again" >&2; start_x; } || fail "no X server"
echo "xvfb-smoke: X server $DISPLAY answers"

# The app reads the agent dir from PI_CODING_AGENT_DIR; HOME and the working directory are
# empty folders so that no real settings, preferences or project .pi folder leak in.
cp -r gui/testdata/agentdir "$work/agent"
mkdir -p "$work/home" "$work/cwd" "$(dirname "$out")"
for i in $(seq 1 "${PERSONAS:-0}"); do
	printf -- '---\ndescription: Generated persona %d for the start-up measurement.\npermissions:\n  "*": ask\n  read: allow\n  bash:\n    "git *": allow\n    "rm *": deny\n---\nPersona %d.\n' "$i" "$i" \
		>"$work/agent/agents/gen$(printf %03d "$i").md"
done
count=$(find "$work/agent/agents" -name '*.md' | wc -l)
# The app opens on the active agent, read from the state file.
active=${ACTIVE:-reviewer}
mkdir -p "$work/agent/agent-manager"
printf '{"active": "%s"}\n' "$active" >"$work/agent/agent-manager/state.json"

start=$(now_ms)
# Without a window manager nothing gives the window focus or decorations; the app does not
# need either to draw.
(cd "$work/cwd" && HOME="$work/home" PI_CODING_AGENT_DIR="$work/agent" exec "$bin") >"$work/log" 2>&1 &
pid=$!

# Wait for the first painted frame. With xwininfo the app's window is found by its title and
# captured alone; without it the screenshot is the X root trimmed of its black background,
# which is the same picture (Xvfb runs no window manager, so there are no decorations).
wid=""
# SMOKE_NO_XWININFO=1 takes the path of machines without x11-utils.
has_xwininfo() { [ -z "${SMOKE_NO_XWININFO:-}" ] && command -v xwininfo >/dev/null; }
# xwininfo prints a UTF-8 title only under a UTF-8 locale; CI may start with none, and then
# the title reads "(failure in conversion from UTF8_STRING ...)".
xwininfo() { LC_ALL=C.UTF-8 command xwininfo "$@"; }
find_window() {
	has_xwininfo || return 0
	wid=$(xwininfo -root -tree 2>/dev/null | grep -a '"agentmgr ' | awk '{print $1; exit}') || true
}
shoot() {
	if [ -n "$wid" ]; then
		import -window "$wid" "$1" 2>/dev/null
	else
		import -window root "$1" 2>/dev/null && mogrify -trim +repage "$1" 2>/dev/null
	fi
}
colours=0
# The wait is bounded by time, not by a count of tries: only a hang (a minute without a painted
# window) fails it, however slowly a loaded machine takes each screenshot.
deadline=$(($(now_ms) + 60000))
while [ "$(now_ms)" -lt "$deadline" ]; do
	kill -0 "$pid" 2>/dev/null || fail "the app exited before showing its window"
	[ -n "$wid" ] || find_window
	if { [ -n "$wid" ] || ! has_xwininfo; } && shoot "$work/shot.png"; then
		colours=$(identify -format %k "$work/shot.png")
		[ "$colours" -gt 50 ] && break
	fi
	sleep 0.02
done
painted=$(now_ms)
[ "$colours" -gt 50 ] || fail "no painted window within a minute ($colours colours)"
echo "xvfb-smoke: $count persona files: first painted frame seen $((painted - start)) ms after start"
if [ -n "$wid" ]; then
	title=$(xwininfo -id "$wid" | grep -ao '"agentmgr [^"]*"') || true
	echo "xvfb-smoke: window $title"
	case "$title" in *" $active"*) ;; *) fail "the title does not name the active agent $active" ;; esac
fi

# Let layout and fonts settle, then take the screenshot that is kept.
sleep 1
kill -0 "$pid" 2>/dev/null || fail "the app died after showing its window"
shoot "$out" || fail "cannot take the screenshot"
colours=$(identify -format %k "$out")
size=$(identify -format %wx%h "$out")
[ "$colours" -gt 50 ] || fail "the screenshot is blank ($colours colours)"
echo "xvfb-smoke: screenshot $out: $size, $colours colours"

kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
pid=""
[ "$rc" -eq 0 ] || fail "the app exited with status $rc on SIGTERM; want 0"
echo "xvfb-smoke: OK (exited cleanly on SIGTERM)"
