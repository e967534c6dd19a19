package shell

import "testing"

func TestNames(t *testing.T) {
	t.Parallel()
	checkNaming(t, "Names", Names, []naming{
		{"python3 *", "python3", true},
		{"/usr/bin/python3 *", "python3", true},
		{"*", "python3", false},
		{"git diff *", "--output", false},
		{"git diff --output=*", "--output", true},
		{"git diff --output *", "--output", true},
		{"git diff --output-indicator-new=x *", "--output", false},
		{"git log --color *", "-c", false},
		{"git -c *", "-c", true},
		{"GIT_PAGER=* git log *", "GIT_PAGER=", true},
		{"MY_GIT_PAGER=* git log *", "GIT_PAGER=", false},
		{"GIT_PAGER=* LD_PRELOAD=* ls", "GIT_PAGER= LD_PRELOAD=", true},
		{"GIT_PAGER=* ls", "GIT_PAGER= LD_PRELOAD=", false},
		{"pythonista *", "python", false},
		{"python*", "python", true},
	})
}

// TestNeeds checks what a rule must name for units that run code from
// their arguments or environment, and that ordinary uses need nothing.
func TestNeeds(t *testing.T) {
	t.Parallel()
	checkResults(t, "firstNeeds", firstNeeds, []result[string]{
		{"python3 -c 'x'", "python3"},
		{"python3.12 -Ic 'x'", "python3.12"},
		{"python3 script.py -c x", ""},
		{"python3 -m pytest -c setup.cfg", ""},
		{"python3", "python3"},
		{"node -r ./x.js -e 'x'", "node"},
		{"node app.js -e", ""},
		{"perl -lane 'print' f", "perl"},
		{"git diff --output=x", "--output"},
		{"git diff --out=x", "--output"},
		{"git -c core.pager=x log", "-c"},
		{"git commit -c HEAD", ""},
		{"git rebase -x 'make' main", "-x"},
		{"git rebase -i HEAD~3", ""},
		{"go test -exec x ./...", "--exec"},
		{"tar -czf a.tgz src", ""},
		{"tar -cIzstd -f a.tar f", "-I"},
		{"awk '{print $1}' f", ""},
		{"awk '/a|b/' f", "awk"},
		{"awk '$1 || $2' f", ""},
		{"awk -F, -v OFS=, '{print $2}' f", ""},
		{"awk -e 'BEGIN{}' -e 'BEGIN{system(\"x\")}'", "awk"},
		{"awk -l ./ext.so 'BEGIN{}'", "-l"},
		{"gawk -iinc.awk 'BEGIN{}'", "-i"},
		{"awk --include inc.awk 'BEGIN{}'", "--include"},
		{"mawk -W exec prog.awk", "mawk"},
		{"awk -Z '{print}' f", "awk"},
		{"sed 's/a/b/g' f", ""},
		{"sed 's/a/b/e' f", "sed"},
		{"sed -n '/x/{p;q}' f", ""},
		{"sed '1e ls' f", "sed"},
		{"sed --sandbox 's/a/b/e' f", ""},
		{"sed -e p -e '1e ls' f", "sed"},
		{"sed -s -n -e p --expression '1e ls' f", "sed"},
		{"sed -nf prog.sed f", "-f"},
		{"sed --file=prog.sed f", "--file"},
		{"sed -l 5 '1e ls' f", "sed"},
		{"sed -Q x f", "sed"},
		{"make -f - all", "-f"},
		{"make all", ""},
		{"GIT_PAGER=x git log", "GIT_PAGER="},
		{"GIT_AUTHOR_NAME=x git commit", ""},
	})
}
