package pi

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/locations"
)

// Other is another extension that gates or hides tool calls, found installed.
type Other struct {
	Name  string `json:"name"`  // pi-agent-manager or pi-permission-system
	Where string `json:"where"` // the folder or settings entry it was found in
	Off   string `json:"off"`   // how to turn it off
	// Import is the command that brings its rules over to agentmgr; "" when there is none.
	Import string `json:"import,omitempty"`
}

// importCommand is the agentmgr command that imports a rival's rules, by its name.
func importCommand(name string) string {
	if name == "pi-permission-system" {
		return "agentmgr import pi-permission-system"
	}
	return ""
}

// rivals are the extensions that decide the same calls as agentmgr's.
var rivals = []string{"pi-agent-manager", "pi-permission-system"}

// Others finds rival extensions in the agent dir and the project: folders or files in
// extensions/, and packages or extension paths named in settings.json.
func Others(dirs locations.Dirs) []Other {
	out := []Other{}
	for _, r := range scopes(dirs) {
		entries, _ := os.ReadDir(r.ext)
		for _, e := range entries {
			name := rival(e.Name())
			if name == "" && e.Name() != DirName {
				// Found by what it is, not what it is called: a renamed copy decides too.
				name = rivalByContents(filepath.Join(r.ext, e.Name()))
			}
			p := filepath.Join(r.ext, e.Name())
			// pi-permission-system's configuration folder outlives the package: not an extension.
			if name != "" && !(name == "pi-permission-system" && configOnly(p)) {
				out = append(out, Other{Name: name, Where: p, Off: "move " + p + " out of " + r.ext, Import: importCommand(name)})
			}
		}
		l, ok := r.listed()
		if !ok {
			continue
		}
		for _, src := range l.packages {
			if name := rival(src); name != "" {
				out = append(out, Other{Name: name, Where: l.settings + ` packages "` + src + `"`, Off: "`pi remove" + r.local + " " + src + "`", Import: importCommand(name)})
			}
		}
		for _, x := range l.extensions {
			if name := rival(x); name != "" && !strings.HasPrefix(x, "-") {
				out = append(out, Other{Name: name, Where: l.settings + ` extensions "` + x + `"`, Off: `remove "` + x + `" from "extensions" in ` + l.settings, Import: importCommand(name)})
			}
		}
	}
	return out
}

// packageSource is a settings packages entry's source: the string, or the object's "source".
func packageSource(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var o struct {
		Source string `json:"source"`
	}
	_ = json.Unmarshal(raw, &o)
	return o.Source
}

// rival names the rival extension s refers to, or "".
func rival(s string) string {
	l := strings.ToLower(s)
	for _, r := range rivals {
		if strings.Contains(l, r) {
			return r
		}
	}
	return ""
}

// rivalByContents names the rival extension at path (a folder or a file in extensions/) by
// its package name or source, or "".
func rivalByContents(path string) string {
	var files []string
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		if data, err := os.ReadFile(filepath.Join(path, "package.json")); err == nil {
			var pkg struct {
				Name string `json:"name"`
			}
			if json.Unmarshal(data, &pkg) == nil {
				if name := rival(pkg.Name); name != "" {
					return name
				}
			}
		}
		files = []string{filepath.Join(path, "index.ts"), filepath.Join(path, "index.js"), filepath.Join(path, "src", "index.ts")}
	} else {
		files = []string{path}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil || strings.HasPrefix(string(data), Header) {
			continue
		}
		if len(data) > 1<<20 {
			data = data[:1<<20]
		}
		// pi-agent-manager's source names its keybindings this way; a bare mention of a rival's
		// name is no proof (pi-subagents' source names pi-permission-system).
		if strings.Contains(string(data), "piAgentManager") {
			return "pi-agent-manager"
		}
	}
	return ""
}

// configOnly reports whether the extensions/ entry at path is a folder pi loads nothing from:
// no package.json and no script, only configuration (pi-permission-system keeps its
// config.json in extensions/pi-permission-system/, which stays after the package is removed).
func configOnly(path string) bool {
	st, err := os.Stat(path)
	if err != nil || !st.IsDir() {
		return false
	}
	for _, dir := range []string{path, filepath.Join(path, "src"), filepath.Join(path, "dist")} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			switch n := e.Name(); {
			case n == "package.json", strings.HasSuffix(n, ".ts"), strings.HasSuffix(n, ".js"), strings.HasSuffix(n, ".mjs"):
				return false
			}
		}
	}
	return true
}

// Leftover is the configuration of a rival extension that pi no longer loads: its rules are
// not applied by anything now.
type Leftover struct {
	Name   string `json:"name"`   // pi-permission-system
	Where  string `json:"where"`  // its configuration folder
	Import string `json:"import"` // the command that brings its rules over to agentmgr
}

// Leftovers finds the configuration folders of rival extensions that are not installed any more
// (pi-permission-system's config.json without the extension), in the agent dir and the project.
func Leftovers(dirs locations.Dirs) []Leftover {
	out := []Leftover{}
	for _, r := range scopes(dirs) {
		p := filepath.Join(r.ext, "pi-permission-system")
		if _, err := os.Stat(filepath.Join(p, "config.json")); err == nil && configOnly(p) {
			out = append(out, Leftover{Name: "pi-permission-system", Where: p, Import: importCommand("pi-permission-system")})
		}
	}
	return out
}
