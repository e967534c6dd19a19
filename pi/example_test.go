package pi_test

import (
	"fmt"

	"github.com/agentmgr/agentmgr/pi"
)

// The extension install writes names the binary it starts; status reads it back.
func ExampleRender() {
	data := pi.Render("/usr/local/bin/agentmgr", "1.2.3")
	in, err := pi.Parse(data)
	fmt.Println(in.Binary, in.Version, err)
	// Output:
	// /usr/local/bin/agentmgr 1.2.3 <nil>
}
