package shell

// The option tables of the programs allow-lists allow most. Options that run
// code (go -toolexec, git --ext-diff) are in the tables too: the code-running
// catalogue already makes them need a rule that names them.

func longs(s ...string) []string { return s }

var goBuildFlags = longs("a", "n", "p=", "race", "msan", "asan", "cover", "covermode=", "coverpkg=", "v", "work", "x",
	"asmflags=", "buildmode=", "buildvcs=", "compiler=", "gccgoflags=", "gcflags=", "installsuffix=", "ldflags=",
	"linkshared", "mod=", "modcacherw", "modfile=", "overlay=", "pgo=", "pkgdir=", "tags=", "trimpath", "toolexec=",
	"C=", "json", "o=", "exec=")

var goTestFlags = append(longs("run=", "bench=", "benchtime=", "benchmem", "count=", "cpu=", "failfast", "fullpath",
	"list=", "parallel=", "short", "shuffle=", "skip=", "timeout=", "vet=", "coverprofile=", "cpuprofile=", "memprofile=",
	"memprofilerate=", "blockprofile=", "blockprofilerate=", "mutexprofile=", "mutexprofilefraction=", "outputdir=",
	"trace=", "c", "fuzz=", "fuzztime=", "fuzzminimizetime=", "i"), goBuildFlags...)

var goTool = &optionTable{subs: map[string]*optionTable{
	"build":    {single: true, long: goBuildFlags, writes: []string{"o"}},
	"install":  {single: true, long: goBuildFlags},
	"run":      {single: true, long: goBuildFlags, stopAt: "--"},
	"test":     {single: true, long: goTestFlags, stopAt: "args", writes: []string{"o", "coverprofile", "cpuprofile", "memprofile", "blockprofile", "mutexprofile", "trace"}, extra: goTestExtra},
	"vet":      {single: true, any: true},
	"list":     {single: true, long: append(longs("f=", "json=?", "m", "u", "versions", "retracted", "deps", "e", "export", "find", "test", "compiled", "reuse="), goBuildFlags...)},
	"fmt":      {single: true, long: longs("n", "x", "mod=")},
	"version":  {single: true, long: longs("m", "v", "json")},
	"env":      {single: true, long: longs("json", "changed")},
	"mod":      {single: true, any: true},
	"clean":    {single: true, long: append(longs("i", "r", "cache", "testcache", "modcache", "fuzzcache"), goBuildFlags...)},
	"doc":      {single: true, long: longs("all", "c", "cmd", "short", "src", "u", "http=")},
	"generate": {single: true, long: longs("run=", "skip=", "n", "v", "x")},
}}

var gitLogFlags = longs("oneline", "graph", "decorate=?", "no-decorate", "stat", "shortstat", "numstat", "name-only",
	"name-status", "format=", "pretty=?", "abbrev-commit", "abbrev=?", "all", "branches=?", "tags=?", "remotes=?",
	"author=", "committer=", "grep=", "since=", "until=", "after=", "before=", "max-count=", "skip=", "reverse",
	"first-parent", "merges", "no-merges", "follow", "patch", "no-patch", "date=", "color=?", "no-color",
	"relative-date", "left-right", "cherry-pick", "topo-order", "date-order", "full-history", "simplify-by-decoration",
	"ancestry-path", "boundary", "source", "show-signature", "walk-reflogs", "diff-filter=", "find-renames=?",
	"ignore-all-space", "ignore-space-change", "word-diff=?", "unified=", "full-index", "binary", "raw", "summary",
	"dirstat=?", "patch-with-stat", "no-renames", "mailmap", "use-mailmap", "parents", "children", "exit-code", "quiet",
	"cc", "combined-all-paths", "show-notes=?", "no-notes", "expand-tabs=?", "no-walk=?", "invert-grep", "all-match",
	"regexp-ignore-case", "extended-regexp", "fixed-strings", "perl-regexp", "basic-regexp", "encoding=", "L=", "G=", "S=",
	"output=", "ext-diff", "textconv", "no-textconv", "no-ext-diff", "histogram", "minimal", "patience", "diff-algorithm=",
	"relative=?", "src-prefix=", "dst-prefix=", "no-prefix", "line-prefix=", "ita-invisible-in-index", "check", "compact-summary",
	"submodule=?", "ignore-submodules=?", "merge-base", "cached", "staged", "no-index", "name", "z",
	// Revision selection and walking.
	"not", "merge", "left-only", "right-only", "cherry-mark", "cherry", "count", "author-date-order", "log-size",
	"decorate-refs=", "decorate-refs-exclude=", "clear-decorations", "exclude=", "glob=", "single-worktree", "alternate-refs",
	"bisect", "stdin", "ignore-missing", "max-age=", "min-age=", "min-parents=", "max-parents=", "no-min-parents",
	"no-max-parents", "do-walk", "in-commit-order", "sparse", "show-pulls", "dense", "remove-empty", "notes=?",
	"show-linear-break=?", "diff-merges=", "no-diff-merges", "dd", "remerge-diff", "exclude-first-parent-only", "full-diff",
	"since-as-filter=", "reflog", "no-abbrev-commit", "no-use-mailmap", "no-mailmap", "no-expand-tabs", "standard-notes",
	"no-standard-notes", "no-graph", "graph-lane-limit=", "count=", "max-count", "no-min-parents", "ignore-case",
	// Unmerged paths in a diff, and how a diff is computed and shown.
	"base", "ours", "theirs", "color-words=?", "word-diff-regex=", "color-moved=?", "color-moved-ws=", "no-color-moved",
	"no-color-moved-ws", "ignore-cr-at-eol", "ignore-space-at-eol", "ignore-blank-lines", "ignore-matching-lines=",
	"inter-hunk-context=", "function-context", "anchored=", "indent-heuristic", "no-indent-heuristic", "irreversible-delete",
	"break-rewrites=?", "find-copies=?", "find-copies-harder", "find-object=", "pickaxe-all", "pickaxe-regex", "rename-empty",
	"no-rename-empty", "skip-to=", "rotate-to=", "text", "default-prefix", "stat=?", "stat-width=", "stat-name-width=",
	"stat-graph-width=", "stat-count=", "dirstat-by-file=?", "cumulative", "patch-with-raw", "no-stat", "no-abbrev",
	"output-indicator-new=", "output-indicator-old=", "output-indicator-context=", "ws-error-highlight=", "no-relative",
	"ita-visible-in-index", "unified", "no-ext-diff", "diff-filter", "remotes", "branches", "tags", "ignore-space-at-eol",
	// Of the diff-tree family, accepted and ignored by git diff and log.
	"no-commit-id", "always", "root")

// gitLogShort are the short flags of git log, show and diff; gitLogValues take a value (-S
// TEXT, -n 5, -L 1,5:f, -O orderfile, -I REGEX, -l N); gitLogAttached take an optional
// attached one (-M50%, -C, -B, -X).
const (
	gitLogShort    = "pzqsDtuRabwWhimcgrEFPNR"
	gitLogValues   = "SGOLIln"
	gitLogAttached = "MCBX"
)

var gitTool = &optionTable{
	flags:   "pPv",
	values:  "Cc",
	subSkip: "",
	long:    longs("no-pager", "paginate", "bare", "git-dir=", "work-tree=", "namespace=", "no-replace-objects", "literal-pathspecs", "glob-pathspecs", "noglob-pathspecs", "icase-pathspecs", "no-optional-locks", "version", "help", "exec-path=?", "config-env="),
	subs: map[string]*optionTable{
		"status":       {flags: "sbuvz", long: longs("short", "branch", "porcelain=?", "long", "verbose", "untracked-files=?", "ignored=?", "ignore-submodules=?", "column=?", "no-column", "ahead-behind", "no-ahead-behind", "renames", "no-renames", "show-stash", "find-renames=?", "null")},
		"diff":         {flags: gitLogShort, values: gitLogValues + "U", attached: gitLogAttached, numeric: true, long: gitLogFlags},
		"log":          {flags: gitLogShort, values: gitLogValues + "U", attached: gitLogAttached, numeric: true, long: gitLogFlags},
		"show":         {flags: gitLogShort, values: gitLogValues + "U", attached: gitLogAttached, numeric: true, long: gitLogFlags},
		"shortlog":     {flags: "nsec", long: longs("numbered", "summary", "email", "committer", "format=", "group=", "all", "no-merges", "since=", "until=")},
		"rev-parse":    {any: true},
		"rev-list":     {flags: "n", values: "n", numeric: true, long: append(longs("count", "objects", "left-right"), gitLogFlags...)},
		"describe":     {long: longs("tags", "all", "always", "long", "abbrev=", "dirty=?", "broken=?", "match=", "exclude=", "exact-match", "contains", "first-parent", "candidates=")},
		"ls-files":     {flags: "cdmostvzki", values: "x", long: longs("cached", "deleted", "modified", "others", "ignored", "stage", "unmerged", "killed", "exclude-standard", "error-unmatch", "full-name", "recurse-submodules", "abbrev=?", "format=", "eol", "deduplicate", "directory", "no-empty-directory", "exclude=", "exclude-from=", "sparse")},
		"ls-tree":      {flags: "rdtlz", long: longs("name-only", "name-status", "object-only", "full-name", "full-tree", "abbrev=?", "long", "format=")},
		"blame":        {flags: "lstfnpecwM", values: "L", long: longs("porcelain", "line-porcelain", "incremental", "root", "show-stats", "date=", "reverse=", "first-parent", "show-name", "show-number", "show-email", "abbrev=?", "ignore-rev=", "ignore-revs-file=", "color-lines", "color-by-age")},
		"grep":         {flags: "nlLcivwEFPhHozIqrRe", values: "eABCmf", numeric: true, long: longs("line-number", "files-with-matches", "files-without-match", "count", "ignore-case", "invert-match", "word-regexp", "extended-regexp", "fixed-strings", "perl-regexp", "basic-regexp", "cached", "untracked", "no-index", "recurse-submodules", "heading", "break", "full-name", "column", "show-function", "function-context", "max-depth=", "and", "or", "not", "all-match", "quiet", "null", "threads=", "after-context=", "before-context=", "context=", "max-count=", "only-matching", "e=", "exclude-standard", "color=?", "no-color")},
		"add":          {flags: "nvfiApuNe", long: longs("dry-run", "verbose", "force", "interactive", "patch", "edit", "update", "all", "no-all", "intent-to-add", "refresh", "ignore-errors", "ignore-missing", "renormalize", "chmod=", "pathspec-from-file=", "pathspec-file-nul", "sparse")},
		"commit":       {flags: "amqvsnSeuz", values: "mcCFt", long: longs("all", "message=", "amend", "no-edit", "edit", "quiet", "verbose", "signoff", "no-signoff", "allow-empty", "allow-empty-message", "fixup=", "squash=", "reuse-message=", "reedit-message=", "file=", "author=", "date=", "cleanup=", "only", "include", "dry-run", "short", "porcelain", "status", "no-status", "gpg-sign=?", "no-gpg-sign", "untracked-files=?", "reset-author", "trailer=", "pathspec-from-file=")},
		"branch":       {flags: "aldDfmMcCrvqt", values: "u", long: longs("all", "list", "delete", "force", "move", "copy", "remotes", "verbose", "quiet", "show-current", "contains=?", "no-contains=?", "merged=?", "no-merged=?", "sort=", "points-at=", "format=", "column=?", "no-column", "color=?", "no-color", "track=?", "no-track", "set-upstream-to=", "unset-upstream", "edit-description", "ignore-case")},
		"checkout":     {flags: "bBqfmpt", long: longs("quiet", "force", "merge", "detach", "orphan=", "track=?", "no-track", "ours", "theirs", "conflict=", "patch", "progress", "no-progress", "recurse-submodules", "no-recurse-submodules", "pathspec-from-file=", "overlay", "no-overlay")},
		"switch":       {flags: "cCdqfmt", long: longs("create", "force-create", "detach", "quiet", "force", "discard-changes", "merge", "conflict=", "guess", "no-guess", "track=?", "no-track", "orphan", "progress", "no-progress", "recurse-submodules")},
		"restore":      {flags: "sSWpq", values: "s", long: longs("source=", "staged", "worktree", "patch", "quiet", "progress", "ours", "theirs", "merge", "conflict=", "overlay", "no-overlay", "ignore-unmerged", "pathspec-from-file=")},
		"fetch":        {flags: "aqvfpPtnj", values: "j", long: longs("all", "prune", "prune-tags", "tags", "no-tags", "depth=", "deepen=", "shallow-since=", "shallow-exclude=", "unshallow", "update-shallow", "force", "quiet", "verbose", "progress", "dry-run", "jobs=", "multiple", "recurse-submodules=?", "no-recurse-submodules", "set-upstream", "filter=", "refetch", "atomic", "append", "no-write-fetch-head", "write-fetch-head", "porcelain", "keep")},
		"pull":         {flags: "qvrf", long: longs("rebase=?", "no-rebase", "ff", "no-ff", "ff-only", "quiet", "verbose", "autostash", "no-autostash", "depth=", "tags", "no-tags", "prune", "all", "squash", "no-squash", "commit", "no-commit", "edit", "no-edit", "stat", "no-stat", "strategy=", "strategy-option=", "verify-signatures", "recurse-submodules=?")},
		"push":         {flags: "qvfudn", long: longs("all", "tags", "follow-tags", "delete", "force", "force-with-lease=?", "force-if-includes", "set-upstream", "dry-run", "quiet", "verbose", "progress", "no-verify", "verify", "atomic", "porcelain", "prune", "mirror", "push-option=", "signed=?", "recurse-submodules=")},
		"stash":        {any: true},
		"tag":          {flags: "adlfsvn", values: "mun", numeric: true, long: longs("annotate", "delete", "list", "force", "sign", "verify", "message=", "file=", "sort=", "contains=?", "no-contains=?", "merged=?", "points-at=", "format=", "column=?", "ignore-case", "cleanup=", "create-reflog")},
		"remote":       {flags: "v", long: longs("verbose")},
		"merge-base":   {long: longs("all", "octopus", "is-ancestor", "independent", "fork-point")},
		"cat-file":     {flags: "tpse", long: longs("batch=?", "batch-check=?", "textconv", "filters", "follow-symlinks", "allow-unknown-type")},
		"reflog":       {any: true},
		"init":         {flags: "qb", values: "b", long: longs("quiet", "bare", "initial-branch=", "shared=?", "object-format=")},
		"clone":        {flags: "qvnlsb", values: "bo", long: longs("depth=", "branch=", "single-branch", "no-single-branch", "recurse-submodules=?", "shallow-submodules", "quiet", "verbose", "progress", "no-checkout", "bare", "mirror", "origin=", "filter=", "sparse", "no-tags", "jobs=", "shallow-since=", "shallow-exclude=", "reference=", "dissociate")},
		"reset":        {flags: "qpN", long: longs("soft", "mixed", "hard", "merge", "keep", "quiet", "patch", "pathspec-from-file=", "no-refresh")},
		"mv":           {flags: "fkvn", long: longs("force", "dry-run", "verbose")},
		"rm":           {flags: "frnq", long: longs("force", "cached", "dry-run", "quiet", "ignore-unmatch", "sparse", "pathspec-from-file=")},
		"revert":       {flags: "nems", values: "m", long: longs("no-edit", "edit", "no-commit", "mainline=", "signoff", "continue", "abort", "skip", "quit")},
		"cherry-pick":  {flags: "nexsm", values: "m", long: longs("no-commit", "edit", "signoff", "mainline=", "continue", "abort", "skip", "quit", "ff", "allow-empty", "keep-redundant-commits")},
		"merge":        {flags: "qvnm", values: "msX", long: longs("ff", "no-ff", "ff-only", "squash", "no-squash", "commit", "no-commit", "edit", "no-edit", "message=", "abort", "continue", "quit", "stat", "no-stat", "strategy=", "strategy-option=", "allow-unrelated-histories", "verify-signatures", "quiet", "verbose", "autostash", "log=?", "no-log")},
		"worktree":     {any: true},
		"clean":        {flags: "dfinqxX", values: "e", long: longs("dry-run", "force", "quiet", "interactive", "exclude=")},
		"apply":        {flags: "vR", values: "p", long: longs("check", "stat", "numstat", "summary", "index", "cached", "3way", "reverse", "reject", "verbose", "whitespace=", "exclude=", "include=", "recount", "directory=")},
		"format-patch": {flags: "knsp", values: "ov", numeric: true, long: longs("output-directory=", "stdout", "numbered", "no-numbered", "start-number=", "subject-prefix=", "cover-letter", "signoff", "thread=?", "in-reply-to=", "base=", "root", "zero-commit", "no-stat")},
	},
}

var makeTool = &optionTable{flags: "BbdeiknpqrRsStwvLO", values: "CfIjlWo", numeric: false, assigns: true, extra: makeExtra,
	long: longs("always-make", "directory=", "debug=?", "environment-overrides", "file=", "makefile=", "ignore-errors",
		"include-dir=", "jobs=?", "keep-going", "load-average=?", "max-load=?", "check-symlink-times", "just-print",
		"dry-run", "recon", "old-file=", "assume-old=", "output-sync=?", "print-data-base", "question", "no-builtin-rules",
		"no-builtin-variables", "silent", "quiet", "no-silent", "no-keep-going", "stop", "touch", "trace", "version",
		"print-directory", "no-print-directory", "what-if=", "new-file=", "assume-new=", "warn-undefined-variables", "help", "shuffle=?")}

// npmRun is a package script run by npm, yarn or pnpm (test, run NAME, build, lint): the words
// after it are the script's arguments (yarn and pnpm pass them on; npm reads a --flag before
// "--" as a setting of its own). A person who allowed running the project's tests means them
// with any arguments (npm test --coverage, yarn test --watch=false): the script is the
// project's code, which the rule already lets run. The settings that make npm run another
// program (--script-shell, --node-options) or read another configuration (--userconfig,
// --prefix) are checked apart from this table (coderun.go, globalopts.go) and still ask.
var npmRun = &optionTable{any: true}

var npmTool = &optionTable{flags: "sdqg", values: "w", long: longs("silent", "quiet", "loglevel=", "prefix=", "workspace=", "workspaces", "no-color", "color=?", "yes", "no-audit", "no-fund", "no-progress", "offline", "prefer-offline"),
	subs: map[string]*optionTable{
		"test":       npmRun,
		"t":          npmRun,
		"run":        npmRun,
		"run-script": npmRun,
		"ci":         {long: longs("ignore-scripts", "no-audit", "audit=", "no-fund", "fund=", "prefer-offline", "offline", "omit=", "include=", "loglevel=", "silent", "legacy-peer-deps", "strict-peer-deps", "foreground-scripts", "workspace=", "workspaces", "no-progress", "production")},
		"install":    {flags: "DEgSO", long: longs("save", "save-dev", "save-exact", "save-optional", "save-peer", "no-save", "global", "ignore-scripts", "no-audit", "no-fund", "prefer-offline", "offline", "omit=", "include=", "legacy-peer-deps", "strict-peer-deps", "production", "workspace=", "workspaces", "no-package-lock", "package-lock-only", "loglevel=", "silent", "foreground-scripts", "no-progress")},
		"ls":         {flags: "a", long: longs("all", "depth=", "json", "long", "parseable", "prod", "dev", "global", "link", "omit=", "workspace=")},
		"audit":      {long: longs("audit-level=", "json", "omit=", "production", "fix", "dry-run", "force")},
		"outdated":   {long: longs("json", "long", "parseable", "global", "all")},
		"view":       {long: longs("json")},
		"pack":       {long: longs("dry-run", "json", "pack-destination=")},
		"version":    {long: longs("json", "no-git-tag-version", "allow-same-version")},
	}}

var yarnTool = &optionTable{long: longs("silent", "cwd=", "frozen-lockfile", "immutable", "prefer-offline", "offline", "non-interactive", "ignore-scripts", "check-files", "production", "network-timeout="),
	subs: map[string]*optionTable{
		"test":    npmRun,
		"run":     npmRun,
		"install": {long: longs("frozen-lockfile", "immutable", "prefer-offline", "offline", "non-interactive", "ignore-scripts", "check-files", "production", "network-timeout=", "silent", "check-cache", "inline-builds", "mode=")},
		"build":   npmRun,
		"lint":    npmRun,
	}}

var pnpmTool = &optionTable{values: "CF", long: longs("dir=", "filter=", "recursive", "silent", "reporter=", "workspace-root", "stream", "parallel", "if-present", "frozen-lockfile", "prefer-offline", "offline", "ignore-scripts"),
	flags: "rws",
	subs: map[string]*optionTable{
		"test":    npmRun,
		"run":     npmRun,
		"install": {long: longs("frozen-lockfile", "prefer-offline", "offline", "ignore-scripts", "prod", "dev", "no-optional", "silent", "reporter=", "filter=", "recursive")},
		"build":   npmRun,
		"lint":    npmRun,
	}}

var cargoCommon = longs("release", "profile=", "features=", "all-features", "no-default-features", "target=", "target-dir=",
	"workspace", "all", "exclude=", "package=", "lib", "bins", "bin=", "examples", "example=", "tests", "test=", "benches",
	"bench=", "all-targets", "jobs=", "keep-going", "verbose", "quiet", "color=", "frozen", "locked", "offline",
	"manifest-path=", "message-format=", "timings=?", "no-fail-fast", "no-run", "doc", "ignore-rust-version", "future-incompat-report")

var cargoTool = &optionTable{flags: "vqV", long: longs("verbose", "quiet", "color=", "frozen", "locked", "offline", "version", "list"),
	subs: map[string]*optionTable{
		"build":    {flags: "rvqj", values: "pjF", long: cargoCommon, stopAt: "--"},
		"check":    {flags: "rvqj", values: "pjF", long: cargoCommon, stopAt: "--"},
		"test":     {flags: "rvqj", values: "pjF", long: cargoCommon, stopAt: "--"},
		"bench":    {flags: "rvqj", values: "pjF", long: cargoCommon, stopAt: "--"},
		"run":      {flags: "rvqj", values: "pjF", long: cargoCommon, stopAt: "--"},
		"clippy":   {flags: "rvqj", values: "pjF", long: append(longs("fix", "allow-dirty", "allow-staged", "no-deps"), cargoCommon...), stopAt: "--"},
		"doc":      {flags: "rvqj", values: "pjF", long: append(longs("no-deps", "open", "document-private-items"), cargoCommon...)},
		"fmt":      {flags: "vq", values: "p", long: longs("all", "check", "package=", "manifest-path=", "message-format=", "verbose", "quiet"), stopAt: "--"},
		"tree":     {flags: "ied", values: "pie", long: longs("invert=", "edges=", "depth=", "prefix=", "duplicates", "package=", "workspace", "features=", "all-features", "target=", "format=", "no-dedupe", "charset=")},
		"metadata": {long: longs("format-version=", "no-deps", "all-features", "features=", "manifest-path=", "offline", "locked", "frozen")},
		"update":   {values: "p", long: longs("package=", "aggressive", "precise=", "workspace", "dry-run", "locked", "offline")},
		"fetch":    {long: longs("target=", "locked", "offline", "frozen")},
	}}

var pytestTool = &optionTable{flags: "xqvslrkmpc", values: "kmpcnr", long: longs("exitfirst", "maxfail=", "quiet", "verbose",
	"capture=", "tb=", "durations=", "durations-min=", "lf", "last-failed", "ff", "failed-first", "nf", "new-first", "sw", "stepwise",
	"co", "collect-only", "strict-markers", "strict-config", "disable-warnings", "no-header", "no-summary", "showlocals", "junitxml=",
	"junit-xml=", "cov=?", "cov-report=", "cov-fail-under=", "numprocesses=", "dist=", "rootdir=", "ignore=", "ignore-glob=",
	"deselect=", "markers", "fixtures", "color=", "import-mode=", "basetemp=", "timeout=", "doctest-modules", "runxfail", "pdb", "trace",
	"log-level=", "log-cli-level=", "override-ini=", "confcutdir=", "noconftest", "keep-duplicates", "setup-show", "setup-only", "setup-plan"),
	writes: []string{"junitxml", "junit-xml"}}

var lsTool = &optionTable{flags: "aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvwxX1Z", values: "IwT", long: longs("all", "almost-all", "author",
	"escape", "block-size=", "ignore-backups", "color=?", "directory", "dired", "classify=?", "file-type", "format=", "full-time",
	"group-directories-first", "no-group", "human-readable", "si", "dereference-command-line", "dereference-command-line-symlink-to-dir",
	"hide=", "hyperlink=?", "indicator-style=", "inode", "ignore=", "kibibytes", "dereference", "numeric-uid-gid", "literal",
	"hide-control-chars", "show-control-chars", "quote-name", "quoting-style=", "reverse", "recursive", "size", "sort=", "time=",
	"time-style=", "tabsize=", "width=", "context", "zero", "help", "version")}

var catTool = &optionTable{flags: "AbeEnstTuv", long: longs("show-all", "number-nonblank", "show-ends", "number", "squeeze-blank", "show-tabs", "show-nonprinting", "help", "version")}

var grepTool = &optionTable{flags: "EFGPeivwxyclLmoqsbHhnTZzrRUIaA", values: "efmABCdD", numeric: true, long: longs("extended-regexp",
	"fixed-strings", "basic-regexp", "perl-regexp", "regexp=", "file=", "ignore-case", "no-ignore-case", "word-regexp", "line-regexp",
	"null-data", "no-messages", "invert-match", "version", "help", "max-count=", "byte-offset", "line-number", "line-buffered",
	"with-filename", "no-filename", "label=", "only-matching", "quiet", "silent", "binary-files=", "text", "directories=",
	"devices=", "recursive", "dereference-recursive", "include=", "exclude=", "exclude-from=", "exclude-dir=", "files-without-match",
	"files-with-matches", "count", "initial-tab", "null", "before-context=", "after-context=", "context=", "color=?", "colour=?", "binary")}

var rgTool = &optionTable{flags: "iSsvwxFlcnNHIopuUqrLz0.a", values: "egtTABCmMjr", numeric: false, long: longs("regexp=", "file=",
	"ignore-case", "smart-case", "case-sensitive", "invert-match", "word-regexp", "line-regexp", "fixed-strings", "files-with-matches",
	"files-without-match", "count", "count-matches", "line-number", "no-line-number", "with-filename", "no-filename", "only-matching",
	"pretty", "unrestricted", "hidden", "no-ignore", "no-ignore-vcs", "glob=", "iglob=", "type=", "type-not=", "type-list",
	"after-context=", "before-context=", "context=", "max-count=", "max-columns=", "max-depth=", "max-filesize=", "threads=",
	"json", "color=", "colors=", "heading", "no-heading", "vimgrep", "files", "sort=", "sortr=", "stats", "quiet", "follow",
	"multiline", "multiline-dotall", "pcre2", "engine=", "trim", "column", "byte-offset", "null", "text", "binary", "search-zip",
	"replace=", "passthru", "no-messages", "one-file-system", "debug", "version", "help", "crlf", "null-data", "encoding="),

// --pre runs a program on every file; a rule must name it.
}

var sedTool = &optionTable{flags: "nrEsuz", values: "efl", attached: "i", long: longs("in-place=?", "quiet", "silent", "expression=", "file=", "regexp-extended",
	"separate", "unbuffered", "null-data", "line-length=", "posix", "sandbox", "debug", "follow-symlinks", "help", "version")}

var headTailTool = &optionTable{flags: "qvzfF", values: "ncs", numeric: true, long: longs("bytes=", "lines=", "quiet", "silent",
	"verbose", "zero-terminated", "follow=?", "retry", "pid=", "sleep-interval=", "max-unchanged-stats=", "help", "version")}

var wcTool = &optionTable{flags: "clmwL", long: longs("bytes", "chars", "lines", "words", "max-line-length", "files0-from=", "total=", "help", "version")}

var sortTool = &optionTable{flags: "bdfgiMhnRrVcCsuz", values: "kStTo", long: longs("ignore-leading-blanks", "dictionary-order",
	"ignore-case", "general-numeric-sort", "ignore-nonprinting", "month-sort", "human-numeric-sort", "numeric-sort", "random-sort",
	"reverse", "version-sort", "sort=", "check=?", "key=", "merge", "output=", "stable", "buffer-size=", "field-separator=",
	"temporary-directory=", "parallel=", "unique", "zero-terminated", "help", "version", "debug", "compress-program=", "files0-from=")}

var echoTool = &optionTable{flags: "neE"}

var findTool = &optionTable{single: true, execs: []string{"-exec", "-execdir", "-ok", "-okdir"}, long: longs("H", "L", "P", "D=", "O=", "name=", "iname=", "path=", "ipath=", "wholename=",
	"iwholename=", "regex=", "iregex=", "type=", "xtype=", "maxdepth=", "mindepth=", "mtime=", "mmin=", "atime=", "amin=",
	"ctime=", "cmin=", "newer=", "size=", "perm=", "user=", "group=", "uid=", "gid=", "empty", "print", "print0", "printf=",
	"prune", "quit", "not", "a", "and", "o", "or", "true", "false", "ls", "links=", "inum=", "samefile=", "readable",
	"writable", "executable", "depth", "mount", "xdev", "follow", "noleaf", "regextype=", "daystart", "lname=", "ilname=",
	"nouser", "nogroup", "fstype=", "used=",
	// -exec and the like are looked through by the find wrapper; -fprint writes (an edit unit).
	"fprint=", "fprint0=", "fprintf=", "fls=", "files0-from=", "anewer=", "cnewer=", "newermt=", "newerct=", "newerat=",
	"newermm=", "help", "version")}

var tarTool = &optionTable{flags: "cxtrudAvzjJZapPkhWmOSB", values: "fCbTXIFKNVgL", long: longs("create", "extract", "get", "list",
	"append", "update", "diff", "compare", "delete", "verbose", "gzip", "gunzip", "bzip2", "xz", "zstd", "lzma", "auto-compress",
	"file=", "directory=", "exclude=", "exclude-from=", "exclude-vcs", "exclude-vcs-ignores", "files-from=", "strip-components=",
	"transform=", "xform=", "owner=", "group=", "mode=", "mtime=", "sort=", "numeric-owner", "preserve-permissions",
	"same-permissions", "no-same-owner", "same-owner", "keep-old-files", "skip-old-files", "overwrite", "wildcards", "no-wildcards",
	"anchored", "null", "totals=?", "checkpoint=?", "to-stdout", "warning=", "format=", "absolute-names", "dereference", "one-file-system",
	"use-compress-program=", "to-command=", "checkpoint-action=", "help", "version", "show-transformed-names", "recursion", "no-recursion",
	"ignore-failed-read", "pax-option=", "label=", "level=", "listed-incremental=", "atime-preserve=?", "touch", "unlink-first",
	"recursive-unlink", "remove-files", "no-overwrite-dir", "keep-newer-files", "occurrence=?")}

var diffTool = &optionTable{flags: "qsciuyNrlaBbdEwptTZ", values: "CUDxXSWIF", numeric: true, long: longs("brief", "report-identical-files",
	"context=?", "unified=?", "side-by-side", "recursive", "new-file", "text", "ignore-case", "ignore-all-space", "ignore-space-change",
	"ignore-blank-lines", "ignore-tab-expansion", "ignore-trailing-space", "exclude=", "exclude-from=", "color=?", "label=",
	"show-c-function", "minimal", "speed-large-files", "strip-trailing-cr", "suppress-common-lines", "width=", "expand-tabs",
	"initial-tab", "normal", "ed", "rcs", "from-file=", "to-file=", "no-dereference", "help", "version", "unidirectional-new-file",
	"starting-file=", "ignore-matching-lines=", "line-format=", "old-line-format=", "new-line-format=", "unchanged-line-format=")}

var jqTool = &optionTable{flags: "rjacnsSeCMeR", values: "f", long: longs("raw-output", "join-output", "ascii-output", "compact-output",
	"null-input", "slurp", "sort-keys", "exit-status", "color-output", "monochrome-output", "tab", "indent=", "arg=", "argjson=",
	"slurpfile=", "rawfile=", "args", "jsonargs", "raw-input", "from-file=", "stream", "seq", "raw-output0", "help", "version")}

var mkdirTool = &optionTable{flags: "pv", values: "m", long: longs("parents", "verbose", "mode=", "help", "version")}

// optionTables are the programs the engine knows the options of.
var optionTables = map[string]*optionTable{
	"go": goTool, "git": gitTool, "make": makeTool, "gmake": makeTool,
	"npm": npmTool, "yarn": yarnTool, "pnpm": pnpmTool, "cargo": cargoTool,
	"pytest": pytestTool, "py.test": pytestTool,
	"ls": lsTool, "cat": catTool, "grep": grepTool, "egrep": grepTool, "fgrep": grepTool, "rg": rgTool,
	"sed": sedTool, "head": headTailTool, "tail": headTailTool, "wc": wcTool, "sort": sortTool,
	"echo": echoTool, "find": findTool, "tar": tarTool, "diff": diffTool, "jq": jqTool, "mkdir": mkdirTool,
}
