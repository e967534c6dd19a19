package pathres_test

import (
	"fmt"

	"github.com/agentmgr/agentmgr/pathres"
)

// Windows names are read as Windows opens them: the ::$DATA stream is the file, trailing dots
// go, and a short 8.3 name leaves the result unsure.
func ExampleResolver_Resolve() {
	r := pathres.Resolver{Windows: true, Folds: func(string) bool { return true }}
	for _, p := range []string{`C:\proj\prod.env::$DATA`, `C:\proj\notes.txt. `, `C:\PROGRA~1\app.ini`} {
		res := r.Resolve(p)
		fmt.Println(res.Path, res.Folds, res.Unsure != "")
	}
	// Output:
	// C:/proj/prod.env true false
	// C:/proj/notes.txt true false
	// C:/PROGRA~1/app.ini true true
}
