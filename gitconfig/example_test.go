package gitconfig_test

import (
	"fmt"

	"github.com/agentmgr/agentmgr/gitconfig"
)

func ExampleParse() {
	es, err := gitconfig.Parse(".git/config", []byte("[core]\n\tbare = false\n[diff \"pdf\"]\n\ttextconv = \"pdftotext -\"\n"))
	if err != nil {
		panic(err)
	}
	for _, e := range es {
		fmt.Printf("%s = %q (%s)\n", e.Key(), e.Value, e.Where())
	}
	// Output:
	// core.bare = "false" (.git/config:2)
	// diff.pdf.textconv = "pdftotext -" (.git/config:4)
}
