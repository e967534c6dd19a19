package opencode_test

import (
	"fmt"

	"github.com/agentmgr/agentmgr/opencode"
)

// The plugin install writes names the binary it starts; status reads it back.
func ExampleRender() {
	data := opencode.Render("/usr/local/bin/agentmgr", "1.2.3")
	in, err := opencode.Parse(data)
	fmt.Println(in.Binary, in.Version, err)
	// Output:
	// /usr/local/bin/agentmgr 1.2.3 <nil>
}
