package main

import (
	"context"
	"flag"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/policy"
	"github.com/agentmgr/agentmgr/reviewlog"
	"github.com/agentmgr/agentmgr/serve"
	"github.com/agentmgr/agentmgr/sessions"
)

const serveUsage = "--stdio [--timeout DURATION]"

const serveHelp = `Answer requests read as JSON lines on stdin with one JSON line each on stdout, matched by
"id", until stdin closes. The pi extension that ` + "`agentmgr pi install`" + ` writes starts one such
process per pi session, the OpenCode plugin of ` + "`agentmgr opencode install`" + ` one per OpenCode process. Calls are decided exactly as ` + "`agentmgr gate`" + ` decides them (persona,
guards, session rules, yolo, shell analysis, review log). docs/pi.md describes the requests.`

func serveOptions(fs *flag.FlagSet) action {
	stdio := fs.Bool("stdio", false, "serve on stdin and stdout (the only transport)")
	timeout := fs.Duration("timeout", inbox.DefaultTimeout, "how long a forwarded ask waits for the person's answer in the app")
	return func(e *env, rest []string) error {
		switch {
		case !*stdio:
			return usagef("serve needs --stdio: it answers JSON lines on stdin and stdout")
		case *timeout <= 0:
			return usagef("--timeout must be positive, e.g. 120s or 5m")
		}
		bin, _ := os.Executable()
		dirs := func(cwd string) locations.Dirs {
			if !filepath.IsAbs(cwd) {
				return e.dirs()
			}
			return locations.Find(e.getenv, locations.Home(e.getenv), cwd)
		}
		s := serve.New(dirs,
			serve.WithInbox(inbox.In(e.dirs()), inbox.Wait{Timeout: *timeout, Grace: gateGrace}),
			serve.WithRecorder(reviewlog.Open(e.dirs())),
			serve.WithSessions(func(d locations.Dirs) approvals.SessionStore { return sessions.Open(d) }),
			serve.WithCompose(policy.For),
			// The pi extension's dialog is answered by the person alone, as the app's inbox is.
			serve.WithDialogAuthority(approvals.OperatorAuthority),
			serve.WithKnownTools(knownTools(e)),
			serve.WithVersion(version, bin),
		)
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		return s.Serve(ctx, e.stdin, e.stdout)
	}
}
