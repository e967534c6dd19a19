module github.com/agentmgr/agentmgr

go 1.26.0

require (
	fyne.io/fyne/v2 v2.7.1 // indirect
	github.com/BurntSushi/toml v1.5.0 // indirect
	github.com/adrg/frontmatter v0.2.0 // indirect
	github.com/fsnotify/fsnotify v1.10.1 // indirect
	github.com/gobwas/glob v1.1.0 // indirect
	github.com/goccy/go-yaml v1.19.2 // indirect
	golang.org/x/sys v0.47.0 // indirect
	gopkg.in/yaml.v2 v2.3.0 // indirect
	mvdan.cc/sh/v3 v3.14.1 // indirect
)
